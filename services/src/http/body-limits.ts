import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { UnauthorizedError } from '@desk/platform/errors/domain-error';

const JSON_LIMIT = 64 * 1024;
/** A 5 MB proof file travels as a base64 data URL: 4/3 of the size, plus the JSON around it. */
const UPLOAD_LIMIT = 7 * 1024 * 1024 + 64 * 1024;
/** Tenant edits carry a logo (2 MB) or QR images as data URLs for several wallets. */
const TENANT_LIMIT = 8 * 1024 * 1024;
/** A bank statement (at most 5 MB, statement-limits.ts) as a multipart file, with its column mapping. */
const STATEMENT_LIMIT = 5_000_000 + 64 * 1024;
const UPLOAD_ROUTE = /^\/api\/orders\/[0-9a-f-]{36}\/upload$/i;
const TENANT_ROUTE = /^\/api\/admin\/tenants(\/[^/]+)?$/;
const STATEMENT_ROUTE = /^\/api\/admin\/bank-accounts\/[0-9a-f-]{36}\/statements$/i;

/** The route's own allowance: the routes that take files have megabytes, every other path 64 KB. */
function routeLimit(path: string): number {
  if (UPLOAD_ROUTE.test(path)) return UPLOAD_LIMIT;
  if (TENANT_ROUTE.test(path)) return TENANT_LIMIT;
  if (STATEMENT_ROUTE.test(path)) return STATEMENT_LIMIT;
  return JSON_LIMIT;
}

/** Whether an Authorization header holds a token this server issued and still honours. */
export type TokenCheck = (authorization: string | undefined) => Promise<boolean>;

/**
 * Refuses a request body over its route's limit with 413 (error-handler.ts words it), before it is
 * read. A body of declared length, as nearly every client sends, is judged by its Content-Length,
 * which Node's HTTP parser holds the body to; only a chunked one goes through Hono's bodyLimit,
 * which counts it as it streams. (bodyLimit looks at the request's body stream first, and that
 * alone made every request a Web Request wrapped around a stream: a tenth of a placed order's CPU,
 * docs/performance.md.)
 */
export const limitBodies =
  (signedIn: TokenCheck): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A large allowance only with a valid token: the body is read (for its NUL characters) before
    // sign-in is checked, so anyone, or anything sent as a token, had a server read megabytes before
    // its 401. The 401 now comes first, as the route would give it.
    const maxSize = routeLimit(c.req.path);
    if (maxSize > JSON_LIMIT && !(await signedIn(c.req.header('authorization')))) throw new UnauthorizedError();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > maxSize) throw new HTTPException(413);
      return next();
    }
    return bodyLimit({ maxSize })(c, next);
  };
