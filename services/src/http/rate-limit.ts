import type { MiddlewareHandler } from 'hono';
import { logger } from '@desk/platform/logging/logger';
import { TooManyRequestsError, type Limit, type RateLimiter } from '../kv/rate-limiter';
import type { RouteGroup, RouteLimits } from './rate-limit-env';
import type { ProxyTrust } from './proxy-trust';
import { clientIp } from './request-context';
import { clientAddressKey } from './client-address-key';

/** A store that fails is logged at most this often, not once per request. */
const WARN_EVERY_MS = 60_000;
/**
 * After the store failed or was slow, requests are let through without asking it for this long: a
 * Redis that is away would otherwise hold every request for its command timeout (review 12's F3).
 */
const REST_AFTER_FAILURE_MS = 5_000;

/** Who is asking: the signed-in user a valid token names, else null (the address counts). */
export type SignedInAs = (authorization: string | undefined) => Promise<string | null>;

/** The groups a request counts against: signed in, by where it goes; not signed in, by address. */
export function groupsOf(path: string, signedIn: boolean): RouteGroup[] {
  if (path === '/api/health' || path === '/api/health/') return [];
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (!signedIn) return [under('/api/auth') ? 'auth' : under('/api/stream') ? 'stream' : 'public'];
  if (under('/api/admin/webhooks')) return ['admin', 'webhooks'];
  if (under('/api/admin')) return ['admin'];
  if (under('/api/compliance')) return ['compliance'];
  return ['account'];
}

/**
 * A general limit on every route group (decision 0045): fixed windows (a minute), counted in the
 * short-lived store (Redis when configured, so every API replica shares the count; else this
 * process). Past the allowance: 429 `too_many_requests` with Retry-After, the one shape sign-in's
 * and the codes' limits answer with. Health checks are never counted (nor the probes and metrics,
 * served outside /api). A store that does not answer lets requests through, and is not asked again
 * for a few seconds: the limit guards the desk from floods and must not take it down with Redis.
 */
export function rateLimit(limiter: RateLimiter, limits: RouteLimits, signedInAs: SignedInAs, trustProxy: ProxyTrust): MiddlewareHandler {
  const byGroup = Object.fromEntries(
    Object.entries(limits.max).map(([group, max]) => [group, { name: `route-${group}`, max, windowMs: limits.windowMs }]),
  ) as Record<RouteGroup, Limit>;
  let warnedAt = 0;
  let restUntil = 0;
  return async (c, next) => {
    const user = await signedInAs(c.req.header('authorization'));
    const groups = groupsOf(c.req.path, user !== null);
    if (groups.length === 0 || Date.now() < restUntil) return next();
    const subject = user ? `user:${user}` : `ip:${clientAddressKey(clientIp(c, trustProxy) ?? 'unknown')}`;
    try {
      for (const group of groups)
        await limiter.hit(
          byGroup[group],
          subject,
          (minutes) => `Too many requests. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
        );
    } catch (error) {
      if (error instanceof TooManyRequestsError) throw error;
      restUntil = Date.now() + REST_AFTER_FAILURE_MS;
      if (Date.now() - warnedAt > WARN_EVERY_MS) {
        warnedAt = Date.now();
        logger.warn('rate limits not counted: the short-lived store did not answer', { error: String(error) });
      }
    }
    return next();
  };
}
