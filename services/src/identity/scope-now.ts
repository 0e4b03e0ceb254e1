import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from './admin-scope';
import type { DeletedTenantCheck } from './auth.middleware';
import { findUserById, type UserRow } from './users.repository';

/**
 * Who made a signed link (a CSV or an audit export), with the scope their role gives them now: null
 * when the account, its brand or the role is gone. Links are opened without a token, so this is
 * what ends one whose maker no longer may.
 */
export async function scopeNow(
  users: Kysely<ServicesDatabase>,
  tenantDeleted: DeletedTenantCheck,
  userId: string,
  scopeOf: (user: UserRow) => AdminScope | null,
): Promise<{ user: UserRow; scope: AdminScope } | null> {
  const user = await findUserById(users, userId);
  if (!user || (await tenantDeleted(user.tenant_id))) return null;
  const scope = scopeOf(user);
  return scope ? { user, scope } : null;
}
