import pg from 'pg';

/**
 * How long a pool's users wait on the database (decision 0061). 0 (or absent) means no bound.
 */
export interface PoolTimeouts {
  /** For a connection: a free slot in the pool, or a new connection's start-up (pg's connectionTimeoutMillis). */
  connectMs?: number;
  /** The server's own bound on one statement (`statement_timeout`): a slow statement is cancelled, the connection kept. */
  statementMs?: number;
  /**
   * The client's bound on an answer (pg's `query_timeout`), longer than `statementMs`: a statement
   * the server has not answered by then is taken as a hung server or network, and its connection is
   * dropped rather than given back to the pool (where every later query on it would wait behind it).
   */
  answerMs?: number;
  /** TCP keepalive: probes after this long idle, on the client's socket and the server's (`tcp_keepalives_*`). */
  keepAliveMs?: number;
}

export interface PoolOptions extends PoolTimeouts {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

/** What pg's client says when `query_timeout` ran out. */
export const ANSWER_TIMEOUT_MESSAGE = 'Query read timeout';

/** Server-side keepalive probes before the server gives a silent client up. */
const SERVER_KEEPALIVE_PROBES = 3;

/**
 * Every pooled session gets:
 * - `idle_in_transaction_session_timeout`: an abandoned open transaction would otherwise hold back
 *   every projection (readers wait for the oldest running transaction);
 * - `random_page_cost` 1.1 (PostgreSQL's default, 4, prices a disk seek): the read models are hot in
 *   memory, and at 4 the planner served a filtered admin list from the newest-first index, filtering
 *   out rows, rather than from the filter's own index. When the newest orders were all of another
 *   type that read thousands of rows (4 ms instead of 0.2 ms; docs/performance.md);
 * - the timeouts it is given (decision 0061): the process kinds that serve requests bound every
 *   statement; the others (projector, worker, CLIs) only the wait for a connection.
 */
export function createPool({ connectionString, max = 10, applicationName = 'usdt-desk', ...timeouts }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: sessionOptions(timeouts),
    ...(timeouts.connectMs ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
    ...(timeouts.keepAliveMs ? { keepAlive: true, keepAliveInitialDelayMillis: timeouts.keepAliveMs } : {}),
    ...(timeouts.answerMs ? { query_timeout: timeouts.answerMs, Client: clientDroppedOnSilence } : {}),
  });
  // A connection the server drops (restart, admin kill) emits 'error'. Idle ones are reported on the
  // pool; checked-out ones (a projection runner holds one for its lock) on the client itself, where an
  // unheard 'error' would crash the process. The next query on it fails instead, and its owner retries.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

function sessionOptions({ statementMs, keepAliveMs }: PoolTimeouts): string {
  const settings = ['idle_in_transaction_session_timeout=30000', 'random_page_cost=1.1'];
  if (statementMs) settings.push(`statement_timeout=${statementMs}`);
  if (keepAliveMs) {
    // The server's side of the socket too: a client host gone without a reset (a projector holding its
    // advisory lock) is found by the server, which ends its session and frees the lock for a standby.
    const seconds = Math.max(1, Math.ceil(keepAliveMs / 1000));
    settings.push(`tcp_keepalives_idle=${seconds}`, `tcp_keepalives_interval=${seconds}`, `tcp_keepalives_count=${SERVER_KEEPALIVE_PROBES}`);
  }
  return settings.map((setting) => `-c ${setting}`).join(' ');
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * pg's `query_timeout` fails the query but keeps the connection, whose statement is still under way
 * as far as pg knows: every later query on it queues behind an answer that, from a hung server, never
 * comes. This client closes its socket once the answer's time ran out, so the pool takes it out
 * (pg-pool drops a client that is no longer queryable when it is given back) and opens a new one.
 */
class ClientDroppedOnSilence extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const dropOnSilence = (error: unknown) => {
      if (error instanceof Error && error.message === ANSWER_TIMEOUT_MESSAGE) this.drop();
    };
    this.query = ((...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last === 'function') {
        const callback = last as QueryCallback;
        return query(...args.slice(0, -1), ((error, result) => {
          if (error) dropOnSilence(error);
          callback(error, result);
        }) satisfies QueryCallback);
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(dropOnSilence);
      return result;
    }) as typeof this.query;
  }

  /**
   * Marked unqueryable (as a socket error marks it) and ending at once, its socket closed: the pool
   * takes it out as it is given back. Unqueryable first: a transaction's rollback, sent on this same
   * client, is then refused as a connection error (an outage, 503) rather than as "Client was closed
   * and is not queryable", which nothing maps and which answered 500 (review 17, F1).
   */
  private drop(): void {
    (this as unknown as { _queryable: boolean })._queryable = false;
    this.end().catch(() => undefined);
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

const clientDroppedOnSilence = ClientDroppedOnSilence as unknown as new () => pg.ClientBase;
