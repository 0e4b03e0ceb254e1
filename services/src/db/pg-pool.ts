import pg from 'pg';

export interface PoolOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

/**
 * Every pooled session gets `idle_in_transaction_session_timeout`: an abandoned open transaction
 * would otherwise hold back every projection (readers wait for the oldest running transaction).
 */
export function createPool({ connectionString, max = 10, applicationName = 'usdt-desk' }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c idle_in_transaction_session_timeout=30000',
  });
  // An idle client that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
