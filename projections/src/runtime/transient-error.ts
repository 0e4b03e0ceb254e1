/**
 * Whether a failure to apply events says nothing about the events themselves: the database is
 * unreachable or short of resources, or the transaction lost a race. Such failures are retried until
 * they pass; quarantining an event for them would throw away a good event.
 */

/**
 * SQLSTATE classes and codes (PostgreSQL appendix A): 08 connection exception, 53 insufficient
 * resources, 57 operator intervention (shutdown, cancelled statement); 40001 serialization failure
 * and 40P01 deadlock lose a race that a retry wins; 42P01 undefined table, 42703 undefined column
 * and 42883 undefined function say the database lacks what the code expects (a migration not yet
 * run, or rolled back): quarantined, every event would go, where waiting for the schema loses none.
 */
const TRANSIENT_CLASSES = ['08', '53', '57'];
const TRANSIENT_CODES = new Set(['40001', '40P01', '42P01', '42703', '42883']);

/** Socket errors node raises for a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-pg and pg-pool connection failures, which carry no SQLSTATE. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^timeout expired/,
  /^Query read timeout/,
  // The pool was ended: the process is shutting down, the event is not at fault.
  /^Cannot use a pool after calling end on the pool/,
];

export function isTransientError(error: unknown): boolean {
  return anyInCauseChain(error, isTransientItself);
}

/** pg-pool wraps some connection errors (cause: the socket's): the error or one of its first causes. */
function anyInCauseChain(error: unknown, test: (error: Error) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (test(current)) return true;
  }
  return false;
}

function isTransientItself(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_CODES.has(code) || SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_CLASSES.includes(code.slice(0, 2))) return true;
  }
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** SQLSTATEs of a connection that is gone: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (and all of class 08). */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * Whether the failure is the connection's, not one projection's: a projection group (decision 0057)
 * retries these all together, and sets only the failing projection aside for any other.
 */
export function isConnectionLost(error: unknown): boolean {
  return anyInCauseChain(error, (current) => {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    return CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message));
  });
}
