/**
 * Keys whose values never reach a log line, wherever a caller puts them: at the top of the fields,
 * or one or two objects down (a request's `headers`, a `body`, an error's `config.headers`). Callers
 * log ids and counts; this is the net under that rule, for the day someone passes a whole object.
 *
 * `code` is here because one-time codes travel under that name (sms-sender.ts): an error code
 * worth logging goes under another key (`errorCode`).
 */
const SECRET_KEYS = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'otp',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'sig',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'x-api-key',
]);

export const REDACTED = '[redacted]';

/** The top of the fields and two objects down: where a request's headers or an error's config sit. */
const DEPTH = 2;

/**
 * The fields with every secret key's value replaced, down to two objects below the top. Returns the
 * fields themselves when they hold no secret key (every access line): nothing is copied or
 * allocated. A copy is made only along the way to a secret, so the caller's objects are never
 * changed.
 *
 * Written here rather than through pino's `redact` option: with a path per key and depth (54 paths,
 * wildcards among them) pino spent about 50 µs on every line, 25 times the line itself
 * (docs/performance.md); this walk costs about a microsecond on a line with nothing to hide.
 */
export function redactSecrets<T extends Record<string, unknown>>(fields: T): T {
  return (redactIn(fields, 0) ?? fields) as T;
}

/** The object with its secrets replaced, or null when it holds none (so no copy is needed). */
function redactIn(value: object, depth: number): object | null {
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    let replaced: unknown;
    if (SECRET_KEYS.has(key)) replaced = REDACTED;
    else if (depth < DEPTH && isWalkable(child)) replaced = redactIn(child, depth + 1) ?? child;
    else continue;
    if (replaced === child) continue;
    copy ??= copyOf(value);
    copy[key] = replaced;
  }
  return copy;
}

/** Objects and arrays the walk descends into; a Buffer or a typed array holds bytes, not fields. */
function isWalkable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof Date);
}

/** A plain copy to write the replacements into; an error keeps its name, message and stack. */
function copyOf(value: object): Record<string, unknown> {
  // An array stays an array: its indices take the replacements as keys do.
  if (Array.isArray(value)) return [...(value as unknown[])] as unknown as Record<string, unknown>;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack, ...(value as object) };
  return { ...value };
}
