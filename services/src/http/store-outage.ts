/**
 * Whether an error is a store's passing outage rather than a fault in the request or the code: the
 * database or Redis restarting, a connection cut or refused, the disk full under the file storage. Such a
 * request is answered 503 with Retry-After (error-handler.ts), which tells a client to send the same
 * request again (with the same Idempotency-Key), instead of a 500 that says something broke.
 */
export interface StoreOutage {
  code: 'unavailable' | 'storage_full';
  error: string;
}

/** SQLSTATE classes and codes of a PostgreSQL that is away or full (appendix A of its manual). */
const UNAVAILABLE_STATES = [
  /^08/, // connection exception
  /^57P0[1-4]$/, // admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped
  /^53[23]00$/, // out_of_memory, too_many_connections
  /^57014$/, // query_canceled: the request path's statement_timeout (decision 0061), a database too slow to answer for now
];
const FULL_STATES = [/^53100$/]; // disk_full: "could not extend file …: No space left on device"

/** node-postgres's, ioredis's and node's socket errors when a store is unreachable or went away mid-command. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  // No connection or no answer within the pool's bounds: a database that hangs rather than refuses (decision 0061).
  /^timeout expired/,
  /^Query read timeout/,
  /^Client has encountered a connection error/,
  // ioredis, while Redis is away (the short-lived store: codes, sessions' limits).
  /^Command timed out/,
  /^Reached the max retries per request limit/,
  /^Connection is closed/,
];

export function storeOutageOf(error: unknown): StoreOutage | null {
  // A cause chain (an error wrapped on its way up) is followed a few steps.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_STATES.some((state) => state.test(code))) {
      return { code: 'storage_full', error: 'The file storage is full for the moment. Please try again shortly.' };
    }
    if (typeof code === 'string' && (UNAVAILABLE_STATES.some((state) => state.test(code)) || CONNECTION_CODES.has(code))) return unavailable;
    if (CONNECTION_MESSAGES.some((message) => message.test(e instanceof Error ? e.message : ''))) return unavailable;
  }
  return null;
}

const unavailable: StoreOutage = { code: 'unavailable', error: 'The service is briefly unavailable. Please try again shortly.' };
