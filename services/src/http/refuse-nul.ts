import type { MiddlewareHandler } from 'hono';
import { ValidationError } from '@desk/platform/errors/domain-error';

const NUL_IN_URL = /%00|\0/;
/** A NUL character, raw or as JSON's escape for it. */
const NUL_IN_JSON = /\0|\\u0000/i;

/**
 * PostgreSQL's text and jsonb cannot hold a NUL character, so a request carrying one would fail at
 * the database (a 500) wherever its text is stored or compared. It is refused here, once, as bad
 * input: in the path or query, or anywhere in a JSON body. (Multipart bodies carry binary files;
 * their text fields are checked where they are read.)
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  if (NUL_IN_URL.test(c.req.url)) throw ValidationError.of('url', 'The address must not contain NUL characters');
  if ((c.req.header('content-type') ?? '').includes('application/json') && NUL_IN_JSON.test(await c.req.text())) {
    throw ValidationError.of('body', 'Text must not contain NUL characters');
  }
  await next();
};

/** For text read outside a JSON body (multipart form fields). */
export function hasNul(text: string): boolean {
  return text.includes('\0');
}
