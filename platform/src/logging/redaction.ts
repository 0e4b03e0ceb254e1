/**
 * Keys whose values never reach a log line, wherever a caller puts them: at the top of the fields,
 * or one or two objects down (a request's `headers`, a `body`, an error's `config.headers`). Callers
 * log ids and counts; this is the net under that rule, for the day someone passes a whole object.
 *
 * `code` is here because one-time codes travel under that name (sms-sender.ts): an error code
 * worth logging goes under another key (`errorCode`).
 */
const SECRET_KEYS = [
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
  '["set-cookie"]',
  '["x-api-key"]',
];

/** pino `redact` paths (one wildcard level per `*`: pino has no "at any depth"). */
export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) => {
  const member = key.startsWith('[') ? key : `.${key}`;
  return [key, `*${member}`, `*.*${member}`];
});

export const REDACTED = '[redacted]';
