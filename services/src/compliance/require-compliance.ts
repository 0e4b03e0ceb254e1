import type { MiddlewareHandler } from 'hono';
import { fixedError } from '@desk/platform/errors/domain-error';
import { adminScopeOf, complianceScopeOf, type AdminScope } from '../identity/admin-scope';
import { requireScope, type AuthEnv } from '../identity/auth.middleware';
import type { UserRow } from '../identity/users.repository';

/** Behind requireCompliance: the signed-in officer and the brands they may read. */
export interface ComplianceEnv {
  Variables: { user: UserRow; scope: AdminScope };
}

const NotComplianceError = fixedError('forbidden', 403, 'Access denied. Compliance privileges required.');
const ReadOnlyError = fixedError('forbidden', 403, 'Access denied. Compliance staff cannot place orders or change accounts.');

/** After requireUser: 403 for everyone without the compliance role. */
export const requireCompliance: MiddlewareHandler<ComplianceEnv> = requireScope(complianceScopeOf, () => new NotComplianceError());

/**
 * Compliance staff read and act on nothing: a customer's commands (orders, proofs, saved accounts)
 * are refused to them as admin commands are. Someone who is also an admin acts as an admin.
 */
export const refuseComplianceCommands: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const user = c.get('user');
  if (c.req.method !== 'GET' && complianceScopeOf(user) && !adminScopeOf(user)) throw new ReadOnlyError();
  await next();
};
