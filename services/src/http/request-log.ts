import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { logger } from '@desk/platform/logging/logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a client's own request id may look like to be kept beside ours (logged, and recorded as the client's claim). */
const VALID_REQUEST_ID = /^[\w.-]{1,100}$/;

/** The X-Request-Id the client sent, when it is one we keep (request-context.ts records it as the client's claim). */
export function clientRequestId(c: Context): string | null {
  const given = c.req.header(REQUEST_ID_HEADER);
  return given && VALID_REQUEST_ID.test(given) ? given : null;
}

/** Told about every finished request (the HTTP duration histogram in metrics/http-metrics.ts). */
export type RequestObserver = (c: Context, seconds: number) => void;

/**
 * First in the chain: gives the request its id, always one of ours (a new uuid), as the `requestId`
 * variable and the X-Request-Id response header, and writes one access line when it is answered:
 * method, path (never the query: signed links carry their signature there), status, duration,
 * request id, the client's own id when it sent a valid one, tenant and user when known. Never a
 * body. The id events record as their correlation is ours: a client's X-Request-Id is its claim,
 * kept beside it, never taken for a fact of the record (security review, issue 27).
 */
export function requestLog(observe?: RequestObserver): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const theirs = clientRequestId(c);
    c.set('requestId' as never, requestId as never);
    let threw = false;
    try {
      await next();
    } catch (error) {
      threw = true;
      throw error;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // After next(): whichever response won (a handler's, onError's, notFound's) carries the id. Set on
      // its headers, as secureHeaders does: c.header() on a finished answer copies it into a full Web
      // Response (with a stream for its body), a cost every request paid (docs/performance.md).
      if (!threw) c.res.headers.set(REQUEST_ID_HEADER, requestId);
      observe?.(c, seconds);
      logger.info('request', {
        requestId,
        ...(theirs ? { clientRequestId: theirs } : {}),
        method: c.req.method,
        path: c.req.path.slice(0, 300),
        status: threw ? 500 : c.res.status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...knownCaller(c),
      });
    }
  };
}

/** Tenant (resolved from the host on /api) and user (after sign-in), when this request got that far. */
function knownCaller(c: Context): { tenant?: string; userId?: string } {
  const tenant = c.get('tenantId' as never) as string | undefined;
  const user = c.get('user' as never) as { id: string } | undefined;
  return { ...(tenant ? { tenant } : {}), ...(user ? { userId: user.id } : {}) };
}
