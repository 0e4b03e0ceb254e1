import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { ForbiddenError, UnauthorizedError } from '../shared/domain-error';
import { findUserById, type UserRow } from '../identity/users.repository';
import { isAdmin } from '../identity/user-json';
import type { TokenService } from '../identity/tokens';
import type { Actor } from './request-context';

export interface AuthEnv {
  Variables: { user: UserRow };
}

/**
 * Bearer token → the current user, loaded on every request so that a deleted account or a removed
 * role takes effect at once. Anything missing or invalid is 401 'Unauthorized. Please login again.'
 */
export function requireUser(db: Kysely<ServicesDatabase>, tokens: TokenService): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const claims = token ? await tokens.read(token) : null;
    const user = claims ? await findUserById(db, claims.sub) : undefined;
    if (!user || user.tenant_id !== claims?.tenant) throw new UnauthorizedError();
    // A token from before the last password change no longer opens the account.
    if (claims.iat < Math.floor(user.password_changed_at.getTime() / 1000)) throw new UnauthorizedError();
    c.set('user', user);
    await next();
  };
}

/** After requireUser: 403 'Access denied. Admin privileges required.' for everyone but admins. */
export const requireAdmin: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isAdmin(c.get('user'))) throw new ForbiddenError();
  await next();
};

export function actorOf(c: Context<AuthEnv>): Actor {
  const user = c.get('user');
  return { id: user.id, role: isAdmin(user) ? 'admin' : 'customer', tenantId: user.tenant_id };
}
