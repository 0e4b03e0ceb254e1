import type { MiddlewareHandler } from 'hono';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { isJsonContentType } from './json-content-type';

const NUL_IN_URL = /%00|\0/;
/** A NUL character, raw or as JSON's escape for it. */
const NUL_IN_JSON = /\0|\\u0000/i;
/** JSON's escape of a UTF-16 surrogate: the only way a body of UTF-8 can carry an unpaired one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any key or string in a parsed JSON value holds an unpaired surrogate; walked without recursion, as nesting is the sender's. */
function holdsLoneSurrogate(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // malformed: the route's validator says so
  }
}

/**
 * PostgreSQL's text and jsonb cannot hold a NUL character, so a request carrying one would fail at
 * the database (a 500) wherever its text is stored or compared. It is refused here, once, as bad
 * input: in the path or query, or anywhere in a JSON body. So is an unpaired UTF-16 surrogate in a
 * JSON body (`"\udc00"`): no UTF-8 can encode it, and the event store's canonical JSON (the hash
 * chain) refuses it, so a note holding one failed its append with a 500. (Multipart bodies carry
 * binary files; their text fields are checked where they are read.)
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  if (NUL_IN_URL.test(c.req.url)) throw ValidationError.of('url', 'The address must not contain NUL characters');
  // Every body hono's validators would parse as JSON, whatever its spelling of the type.
  if (isJsonContentType(c.req.header('content-type'))) {
    const text = await c.req.text();
    if (NUL_IN_JSON.test(text)) throw ValidationError.of('body', 'Text must not contain NUL characters');
    if (SURROGATE_ESCAPE.test(text) && holdsLoneSurrogate(parsed(text))) {
      throw ValidationError.of('body', 'Text must not contain unpaired surrogate characters');
    }
  }
  await next();
};

/** For text read outside a JSON body (multipart form fields). */
export function hasNul(text: string): boolean {
  return text.includes('\0');
}

/** Whether text can be stored: no NUL (PostgreSQL's text) and no unpaired surrogate (no UTF-8 encodes one; the hash chain's canonical JSON refuses it). */
export function isStorableText(text: string): boolean {
  return !hasNul(text) && !LONE_SURROGATE.test(text);
}
