import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyTrust } from './proxy-trust';
import { requestHost } from './request-host';

export interface TenantEnv {
  Variables: { tenantId: string };
}

export type TenantResolver = (host: string | null) => Promise<string>;

/**
 * Which white-label tenant a request is for: the request's host (X-Forwarded-Host behind a trusted
 * proxy, else Host) in its one form (request-host.ts), matched by the resolver against tenant
 * domains, else the default tenant.
 */
export function resolveTenant(resolver: TenantResolver, trustProxy: ProxyTrust): MiddlewareHandler<TenantEnv> {
  return async (c, next) => {
    const forwarded = trustProxy.enabled ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    c.set('tenantId', await resolver(requestHost(forwarded || c.req.header('host'))));
    await next();
  };
}

export const tenantOf = (c: Context): string => (c.get('tenantId' as never) as string | undefined) ?? 'default';
