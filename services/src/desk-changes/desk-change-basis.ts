import type { DeskChangeRequestedData } from '@desk/machines/desk-changes/desk-change.events';
import type { TenantState } from '@desk/machines/tenants/tenant.events';
import { settingsAnchorOf } from '@desk/machines/tenants/tenant.events';
import { overridesAnything } from '@desk/machines/settings/effective-settings';
import { findUserById, findUserByPhone } from '../identity/users.repository';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import type { DeskChangeDeps } from './desk-change-deps';

export type Basis = Record<string, string | null>;

/** The Global Settings' stream (settings.service.ts keeps the name it had when settings were per tenant). */
export const GLOBAL_SETTINGS_STREAM = streamId('settings', DEFAULT_TENANT_ID);

/** A user's roles as the basis records them: sorted, comma-separated. */
export const rolesKey = (roles: readonly string[]) => [...roles].sort().join(',');

/**
 * What a change is decided against, one entry per thing it replaces: a stream's revision (null:
 * none yet), a user's roles, who holds a phone. Recorded on the request and read again when it is
 * confirmed: any difference makes the request lapse (decision 0030).
 */
export const basisOf = {
  settings: (revision: string | null): Basis => ({ [GLOBAL_SETTINGS_STREAM]: revision }),
  brand: (tenantId: string, revision: bigint | null): Basis => ({ [`tenant-${tenantId}`]: revision?.toString() ?? null }),
  roles: (userId: string, roles: readonly string[]): Basis => ({ [`user-${userId} roles`]: rolesKey(roles) }),
  /** Nobody of the brand holds the phone yet (or who does). */
  phone: (tenantId: string, phone: string, holder: string | null): Basis => ({ [`phone ${phone} on ${tenantId}`]: holder }),
};

/** A brand a change of the Global Settings reaches differently from the Global Settings themselves. */
export interface BrandUnder {
  id: string;
  state: TenantState;
  revision: bigint | null;
}

/**
 * Every live brand (the operator's own included) that overrides anything now or as last
 * confirmed: the others get exactly the Global Settings, and are judged with them. Each is read
 * from its stream, and the list of brands is the write side's (brand_registry, with the read
 * model's added): a rebuild empties the read model, and a global change judged meanwhile saw no
 * brand at all (the second review's N1b).
 */
export async function brandsUnderGlobal(deps: DeskChangeDeps): Promise<BrandUnder[]> {
  const ids = [...new Set([DEFAULT_TENANT_ID, ...(await deps.brandIds())])];
  const loaded = await Promise.all(ids.map(async (id) => ({ id, ...(await deps.tenants.load(id)) })));
  return loaded.flatMap(({ id, state, revision }) =>
    state && (overridesAnything(state.settingsOverrides) || overridesAnything(settingsAnchorOf(state).overrides)) ? [{ id, state, revision }] : [],
  );
}

/** The Global Settings at `revision`, and each brand a change of them reaches, at its revision. */
export const globalBasis = (revision: string | null, brands: readonly BrandUnder[]): Basis =>
  Object.assign(basisOf.settings(revision), ...brands.map((brand) => basisOf.brand(brand.id, brand.revision)));

/** The tenant revision a request recorded, as the store takes it. */
export const brandRevision = (request: DeskChangeRequestedData): bigint | null => {
  const revision = request.basis[`tenant-${request.tenantId}`];
  return revision === null || revision === undefined ? null : BigInt(revision);
};

/** The basis of `request`'s target as it is now, read exactly as it was when the request was made. */
export async function basisNow(deps: DeskChangeDeps, request: DeskChangeRequestedData): Promise<Basis> {
  const { change } = request;
  const tenantId = request.tenantId ?? '';
  switch (change.kind) {
    case 'global_settings': {
      const [global, brands] = await Promise.all([deps.settings.fresh(), brandsUnderGlobal(deps)]);
      return globalBasis(global.revision, brands);
    }
    case 'brand_settings': {
      const [global, brand] = await Promise.all([deps.settings.fresh(), deps.tenants.load(tenantId)]);
      return { ...basisOf.settings(global.revision), ...basisOf.brand(tenantId, brand.revision) };
    }
    case 'brand_accounts':
    case 'brand_deletion':
      return basisOf.brand(tenantId, (await deps.tenants.load(tenantId)).revision);
    case 'roles': {
      const user = await findUserById(deps.users, change.userId);
      return user ? basisOf.roles(change.userId, user.roles) : { [`user-${change.userId} roles`]: null };
    }
    case 'staff_account':
      return basisOf.phone(tenantId, change.phone, (await findUserByPhone(deps.users, tenantId, change.phone))?.id ?? null);
  }
}
