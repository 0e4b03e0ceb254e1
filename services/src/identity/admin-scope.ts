import { ForbiddenError } from '@desk/platform/errors/domain-error';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import type { UserRow } from './users.repository';

/**
 * The brands an admin may see and act on. Operator admins (the `admin` role on the operator's own
 * tenant) run the whole desk; a brand admin (the `admin` role on any other tenant) runs only that
 * brand. Every admin read and command asks this one question, so scope is decided in one place.
 */
export type AdminScope = { kind: 'all_brands' } | { kind: 'brand'; tenantId: string };

/** The operator's own tenant: its admins are operator admins. */
export const OPERATOR_TENANT_ID = DEFAULT_TENANT_ID;

export const ADMIN_ROLE = 'admin';
/** Roles an operator admin may grant (the specification knows only admin and regular users). */
export const GRANTABLE_ROLES = [ADMIN_ROLE] as const;

/** The admin scope of a user, or null for anyone who is not an admin. */
export function adminScopeOf(user: Pick<UserRow, 'roles' | 'tenant_id'>): AdminScope | null {
  if (!user.roles.includes(ADMIN_ROLE)) return null;
  return user.tenant_id === OPERATOR_TENANT_ID ? { kind: 'all_brands' } : { kind: 'brand', tenantId: user.tenant_id };
}

export function coversTenant(scope: AdminScope, tenantId: string): boolean {
  return scope.kind === 'all_brands' || scope.tenantId === tenantId;
}

/**
 * Which tenant a list, count or export covers: `null` is every brand (operator admins only, when
 * they ask for no brand in particular). A brand admin asking for another brand is refused.
 */
export function tenantFilter(scope: AdminScope, requested: string | undefined): string | null {
  if (scope.kind === 'all_brands') return requested ?? null;
  if (requested !== undefined && requested !== scope.tenantId) throw new ForbiddenError();
  return scope.tenantId;
}
