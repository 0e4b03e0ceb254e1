import pg from 'pg';

export interface PoolOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

/**
 * Every pooled session gets:
 * - `idle_in_transaction_session_timeout`: an abandoned open transaction would otherwise hold back
 *   every projection (readers wait for the oldest running transaction);
 * - `random_page_cost` 1.1 (PostgreSQL's default, 4, prices a disk seek): the read models are hot in
 *   memory, and at 4 the planner served a filtered admin list from the newest-first index, filtering
 *   out rows, rather than from the filter's own index. When the newest orders were all of another
 *   type that read thousands of rows (4 ms instead of 0.2 ms; docs/performance.md).
 */
export function createPool({ connectionString, max = 10, applicationName = 'usdt-desk' }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c idle_in_transaction_session_timeout=30000 -c random_page_cost=1.1',
  });
  // A connection the server drops (restart, admin kill) emits 'error'. Idle ones are reported on the
  // pool; checked-out ones (a projection runner holds one for its lock) on the client itself, where an
  // unheard 'error' would crash the process. The next query on it fails instead, and its owner retries.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
