import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import { decideTenant } from '@desk/machines/tenants/tenant.decide';
import { secondAdminReasons } from '@desk/machines/desk-changes/needs-second-admin';
import { brandDeletionSummary } from '@desk/machines/desk-changes/change-summary';
import type { DeskChangeDeps } from './desk-change-deps';
import { basisOf } from './desk-change-basis';
import { proposeOrApply, type Proposed } from './propose-or-apply';

/**
 * DELETE /api/admin/tenants/:id: deleting a brand shuts its customers and staff out and releases its
 * domain (its visitors land on the operator's own brand), so it always waits for a second admin (the
 * second review's N6), like clearing a domain. What the tenant's own rule refuses (the operator's
 * own brand, 409 default_tenant) is refused when asked, not left to lapse.
 */
export function proposeBrandDeletion(deps: DeskChangeDeps, tenantId: string, metadata: EventMetadata): Promise<Proposed<void>> {
  return proposeOrApply(
    deps,
    async () => {
      const { state, revision } = await deps.tenants.load(tenantId);
      if (!state) throw new NotFoundError('Tenant not found');
      decideTenant(state, { type: 'DeleteTenant', tenantId, at: metadata.acceptedAt });
      const { name, domain } = state;
      return {
        reasons: secondAdminReasons({ kind: 'brand_deletion', name, domain }),
        apply: () => deps.tenants.delete(tenantId, metadata, revision),
        request: {
          tenantId,
          change: { kind: 'brand_deletion', name, domain },
          summary: brandDeletionSummary(name, domain),
          basis: basisOf.brand(tenantId, revision),
        },
      };
    },
    metadata,
  );
}
