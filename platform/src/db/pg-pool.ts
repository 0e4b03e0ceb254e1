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
  // A connection the server drops (restart, admin kill) emits 'error'. Idle ones are reported on the
  // pool; checked-out ones (a projection runner holds one for its lock) on the client itself, where an
  // unheard 'error' would crash the process. The next query on it fails instead, and its owner retries.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
