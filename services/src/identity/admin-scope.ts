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
/** Reads everything in its scope (orders, their histories, the whole event log) and acts on nothing. */
export const COMPLIANCE_ROLE = 'compliance';
/** Roles an operator admin may grant: the specification's admin, and compliance staff. */
export const GRANTABLE_ROLES = [ADMIN_ROLE, COMPLIANCE_ROLE] as const;

/**
 * Staff: anyone holding a role (an admin of any scope, a compliance officer). Staff sign in with a
 * password they chose and an authenticator app, never by an SMS code alone (decision 0029).
 */
export function isStaff(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.some((role) => (GRANTABLE_ROLES as readonly string[]).includes(role));
}

/** The admin scope of a user, or null for anyone who is not an admin. */
export function adminScopeOf(user: Pick<UserRow, 'roles' | 'tenant_id'>): AdminScope | null {
  return scopeOf(user, ADMIN_ROLE);
}

/** What a compliance officer may read: every brand on the operator's tenant, else their brand. */
export function complianceScopeOf(user: Pick<UserRow, 'roles' | 'tenant_id'>): AdminScope | null {
  return scopeOf(user, COMPLIANCE_ROLE);
}

function scopeOf(user: Pick<UserRow, 'roles' | 'tenant_id'>, role: string): AdminScope | null {
  if (!user.roles.includes(role)) return null;
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
