import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { useMe } from '../../../lib/session';

/**
 * Officers on the operator's own tenant read every brand and may filter by one; a brand's officers
 * read theirs only (complianceScopeOf, docs/compliance.md). The layout renders nothing before the
 * user has loaded, so screens read the answer at once.
 */
export function useReadsEveryBrand(): boolean {
  return useMe().data?.tenantId === DEFAULT_TENANT_ID;
}
