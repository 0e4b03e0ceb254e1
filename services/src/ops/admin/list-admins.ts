import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../../db/services-database';
import { adminScopeOf } from '../../identity/admin-scope';
import { holdsAdminRole } from '../../identity/users.repository';

export interface AdminListing {
  id: string;
  phone: string;
  username: string | null;
  tenantId: string;
  brand: string;
  /** operator: every brand; brand: that brand only (decisions/0014). */
  scope: 'operator' | 'brand';
  createdAt: string;
  passwordChangedAt: string;
}

/** Every account with the admin role, operator admins first, then by brand and phone. */
export async function listAdmins(db: Kysely<ServicesDatabase>, brandNames: ReadonlyMap<string, string>): Promise<AdminListing[]> {
  const rows = await db.selectFrom('users').selectAll().where(holdsAdminRole).orderBy('tenant_id').orderBy('phone').execute();
  const listed = rows.map((user) => ({
    id: user.id,
    phone: user.phone,
    username: user.username,
    tenantId: user.tenant_id,
    brand: brandNames.get(user.tenant_id) ?? user.tenant_id,
    scope: adminScopeOf(user)?.kind === 'all_brands' ? ('operator' as const) : ('brand' as const),
    createdAt: user.created_at.toISOString(),
    passwordChangedAt: user.password_changed_at.toISOString(),
  }));
  return [...listed.filter((a) => a.scope === 'operator'), ...listed.filter((a) => a.scope === 'brand')];
}
