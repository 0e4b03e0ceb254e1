import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { DeletedTenantCheck } from '../identity/auth.middleware';
import { adminScopeOf, complianceScopeOf, coversTenant } from '../identity/admin-scope';
import { findUserById } from '../identity/users.repository';
import type { UrlSigner } from './url-signer';

/** Proof links stay valid long enough to open from a list, short enough to be useless if leaked. */
export const ATTACHMENT_LINK_SECONDS = 15 * 60;

/** The link to one of an order's proof files, made for whoever is reading the order. */
export type ProofLink = (fileId: string, orderTenantId: string) => string;

/** Who a proof link is made for: the order's customer, or staff (an admin or a compliance officer). */
export interface LinkViewer {
  id: string;
  staff: boolean;
}

/**
 * Proof links name their viewer (and, for staff, the order's brand) in what they sign, so the file
 * route can ask when the file is opened whether that person still may: an admin whose role was
 * removed, or whose account or brand is gone, loses the files they were shown at once, not when
 * the link runs out 15 minutes later (security review, issue 27). The exports already worked so.
 */
export function proofLinksFor(signer: UrlSigner, viewer: LinkViewer): ProofLink {
  return (fileId, orderTenantId) =>
    signer.sign(
      `/api/files/${fileId}`,
      ATTACHMENT_LINK_SECONDS,
      viewer.staff ? { by: viewer.id, as: 'staff', tenant: orderTenantId } : { by: viewer.id, as: 'customer' },
    );
}

/**
 * Whether the viewer a verified proof link names may still open it: their account exists and its
 * brand is not deleted, and staff still hold a role (admin or compliance) whose scope covers the
 * order's brand. A link naming no viewer is a brand's image (a logo, a wallet's QR: public to the
 * brand's visitors) and is not asked about.
 */
export async function viewerMayStillOpen(users: Kysely<ServicesDatabase>, tenantDeleted: DeletedTenantCheck, query: Record<string, string>): Promise<boolean> {
  const { by, as, tenant } = query;
  if (by === undefined) return as === undefined && tenant === undefined;
  const user = await findUserById(users, by);
  if (!user || (await tenantDeleted(user.tenant_id))) return false;
  if (as === 'customer') return true;
  if (as !== 'staff' || !tenant) return false;
  const scope = adminScopeOf(user) ?? complianceScopeOf(user);
  return scope !== null && coversTenant(scope, tenant);
}
