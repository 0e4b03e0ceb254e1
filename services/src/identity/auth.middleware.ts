import type { Context, MiddlewareHandler } from 'hono';
import { ForbiddenError, UnauthorizedError } from '@desk/platform/errors/domain-error';
import type { UserRow } from './users.repository';
import { adminScopeOf, complianceScopeOf, type AdminScope } from './admin-scope';
import type { TokenService } from './tokens';
import { isLive, type SessionRow } from './sessions.repository';
import type { Actor } from '../http/request-context';

export interface AuthEnv {
  /** The signed-in user and the session their token names (decision 0029). */
  Variables: { user: UserRow; session: SessionRow };
}

/** Behind requireAdmin: the signed-in admin and the brands they may see and act on. */
export interface AdminEnv {
  Variables: { user: UserRow; session: SessionRow; scope: AdminScope };
}

/** Behind a role's gate (requireAdmin, requireCompliance): the signed-in user and the brands that role lets them see. */
type ScopedEnv = { Variables: { user: UserRow; scope: AdminScope } };

/** Whether a tenant was deleted (its users are signed out and refused). */
export type DeletedTenantCheck = (tenantId: string) => Promise<boolean>;

/** The user's current row (signed-in-users.ts: the database's, kept until it changes). */
export type CurrentUser = (id: string) => Promise<UserRow | undefined>;

/** How requireUser reads who is signed in: the user's row and the session's, each kept until it changes or read fresh. */
export interface SignedInReads {
  user: CurrentUser;
  session: (id: string) => Promise<SessionRow | undefined>;
  /** Told of each session a request used (signed-in-sessions.ts writes when it was last seen, now and then). */
  seen?: (session: SessionRow) => void;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

/**
 * Bearer token → the current user, checked on every request against the user's current row and
 * the session the token names, so that a deleted account, a removed role, a password change or a
 * session ended (signed out, revoked, past its time) takes effect at once (and a deleted brand
 * within tenant-directory.ts's few seconds). Both rows come from memory while LISTEN stands
 * (decision 0026): no round trip is added per request. Anything missing or invalid is 401
 * 'Unauthorized. Please login again.'
 */
export function requireUser(read: SignedInReads, tokens: TokenService, tenantDeleted: DeletedTenantCheck): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await tokens.read(token) : null;
    if (!claims) throw new UnauthorizedError();
    const [session, user] = await Promise.all([read.session(claims.sid), read.user(claims.sub)]);
    if (!session || !isLive(session) || session.user_id !== claims.sub) throw new UnauthorizedError();
    if (!user || user.tenant_id !== claims.tenant) throw new UnauthorizedError();
    // A token from before the last password change no longer opens the account.
    if (claims.issuedAtMs < user.password_changed_at.getTime()) throw new UnauthorizedError();
    if (await tenantDeleted(user.tenant_id)) throw new UnauthorizedError();
    c.set('user', user);
    c.set('session', session);
    read.seen?.(session);
    await next();
  };
}

/**
 * After requireUser: the brands the user may see under a role (admin, compliance), set as `scope`
 * for the routes behind it, or the role's 403 for anyone without it.
 */
export function requireScope<E extends ScopedEnv>(scopeOf: (user: UserRow) => AdminScope | null, refusal: () => Error): MiddlewareHandler<E> {
  return async (c, next) => {
    const scope = scopeOf(c.get('user'));
    if (!scope) throw refusal();
    c.set('scope', scope);
    await next();
  };
}

/** After requireUser: 403 'Access denied. Admin privileges required.' for everyone but admins. */
export const requireAdmin: MiddlewareHandler<AdminEnv> = requireScope(adminScopeOf, () => new ForbiddenError());

/** After requireAdmin: what only the operator's admins do (brands, global settings, projections, roles). */
export const requireOperator: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.get('scope').kind !== 'all_brands') throw new ForbiddenError();
  await next();
};

export function actorOf<E extends { Variables: { user: UserRow } }>(c: Context<E>): Actor {
  const user: UserRow = c.get('user');
  const role = adminScopeOf(user) ? 'admin' : complianceScopeOf(user) ? 'compliance' : 'customer';
  return { id: user.id, role, tenantId: user.tenant_id };
}
