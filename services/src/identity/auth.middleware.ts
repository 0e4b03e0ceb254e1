import type { Context, MiddlewareHandler } from 'hono';
import { ForbiddenError, UnauthorizedError } from '@desk/platform/errors/domain-error';
import type { UserRow } from './users.repository';
import { adminScopeOf, complianceScopeOf, type AdminScope } from './admin-scope';
import type { TokenService } from './tokens';
import type { Actor } from '../http/request-context';

export interface AuthEnv {
  Variables: { user: UserRow };
}

/** Behind requireAdmin: the signed-in admin and the brands they may see and act on. */
export interface AdminEnv {
  Variables: { user: UserRow; scope: AdminScope };
}

/** Whether a tenant was deleted (its users are signed out and refused). */
export type DeletedTenantCheck = (tenantId: string) => Promise<boolean>;

/** The user's current row (signed-in-users.ts: the database's, kept until it changes). */
export type CurrentUser = (id: string) => Promise<UserRow | undefined>;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

/**
 * Bearer token → the current user, checked on every request against the user's current row, so
 * that a deleted account, a removed role or a password change takes effect at once (and a deleted
 * brand within tenant-directory.ts's few seconds). Anything missing or invalid is 401
 * 'Unauthorized. Please login again.'
 */
export function requireUser(currentUser: CurrentUser, tokens: TokenService, tenantDeleted: DeletedTenantCheck): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await tokens.read(token) : null;
    const user = claims ? await currentUser(claims.sub) : undefined;
    if (!user || user.tenant_id !== claims?.tenant) throw new UnauthorizedError();
    // A token from before the last password change no longer opens the account.
    if (claims.issuedAtMs < user.password_changed_at.getTime()) throw new UnauthorizedError();
    if (await tenantDeleted(user.tenant_id)) throw new UnauthorizedError();
    c.set('user', user);
    await next();
  };
}

/** After requireUser: 403 'Access denied. Admin privileges required.' for everyone but admins. */
export const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const scope = adminScopeOf(c.get('user'));
  if (!scope) throw new ForbiddenError();
  c.set('scope', scope);
  await next();
};

/** After requireAdmin: what only the operator's admins do (brands, global settings, projections, roles). */
export const requireOperator: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.get('scope').kind !== 'all_brands') throw new ForbiddenError();
  await next();
};

export function actorOf<E extends AuthEnv>(c: Context<E>): Actor {
  const user: UserRow = c.get('user');
  const role = adminScopeOf(user) ? 'admin' : complianceScopeOf(user) ? 'compliance' : 'customer';
  return { id: user.id, role, tenantId: user.tenant_id };
}
