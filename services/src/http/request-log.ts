import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { logger } from '@desk/platform/logging/logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The ids a client (or the proxy in front) may choose: the rule correlationId in request-context.ts
 * applies to the same header, so the id answered here and the one recorded on events agree.
 */
const VALID_REQUEST_ID = /^[\w.-]{1,100}$/;

/** Told about every finished request (the HTTP duration histogram in metrics/http-metrics.ts). */
export type RequestObserver = (c: Context, seconds: number) => void;

/**
 * First in the chain: gives the request its id (a valid incoming X-Request-Id, else a new uuid), as
 * the `requestId` variable and the X-Request-Id response header, and writes one access line when it
 * is answered: method, path (never the query: signed links carry their signature there), status,
 * duration, request id, tenant and user when known. Never a body.
 */
export function requestLog(observe?: RequestObserver): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && VALID_REQUEST_ID.test(given) ? given : randomUUID();
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
