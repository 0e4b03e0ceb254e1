import { fixedError } from '@desk/platform/errors/domain-error';
import type { TenantState } from '@desk/machines/tenants/tenant.events';

export const DomainTakenError = fixedError('domain_taken', 409, 'This domain is already used by another tenant');

/**
 * 409 domain_taken when another live brand holds `domain` (`self`: the brand being changed), as
 * each brand's own stream says: what a confirmed domain change is checked against. The tenants read
 * model answers the screens' early refusal (tenant.routes.ts), but a rebuild empties it, and a
 * confirmation made meanwhile would give one host to two brands.
 */
export async function refuseDomainHeld(
  tenants: { load(id: string): Promise<{ state: TenantState | null }> },
  brandIds: readonly string[],
  domain: string | null,
  self: string | null,
): Promise<void> {
  if (!domain) return;
  const others = brandIds.filter((id) => id !== self);
  const states = await Promise.all(others.map(async (id) => (await tenants.load(id)).state));
  if (states.some((state) => state?.domain === domain)) throw new DomainTakenError();
}
