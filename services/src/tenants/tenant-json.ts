import { z } from 'zod';
import { NETWORKS } from '@desk/machines/addresses/networks';
import type { UrlSigner } from '../files/url-signer';
import { supportContactOf, type TenantState } from '@desk/machines/tenants/tenant.events';
import { UNRECORDED_AT } from './tenant-store';

/** Logos are shown on public pages for a day at a time; the link is re-signed on every read. */
const IMAGE_LINK_SECONDS = 24 * 3600;

export function fileLink(signer: UrlSigner, fileId: string | null): string | null {
  return fileId ? signer.sign(`/api/files/${fileId}`, IMAGE_LINK_SECONDS) : null;
}

export function logoLink(signer: UrlSigner, tenant: Pick<TenantState, 'logoFileId' | 'logoUrl'>): string | null {
  return fileLink(signer, tenant.logoFileId) ?? tenant.logoUrl;
}

/** A brand's support contact as its admins read it: each null when not given. */
export const supportContactJsonSchema = z.object({
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportWhatsApp: z.string().nullable().describe('A https://wa.me/ link'),
  supportHours: z.string().nullable(),
});

/** A tenant as the admin screens read it (tenantJson). */
export const tenantJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  logoUrl: z.string().nullable().describe('A signed link to the stored logo, or the https link given for it'),
  primaryColor: z.string(),
  ...supportContactJsonSchema.shape,
  bankAccounts: z.array(
    z.object({ _id: z.string(), bankName: z.string(), accountName: z.string(), accountNumber: z.string(), ifsc: z.string(), isActive: z.boolean() }),
  ),
  cryptoWallets: z.array(
    z.object({ _id: z.string(), network: z.enum(NETWORKS), address: z.string(), qrCodeUrl: z.string().nullable(), isActive: z.boolean() }),
  ),
  createdAt: z.iso.datetime().nullable().describe('null for brands made before it was recorded'),
  updatedAt: z.iso.datetime().nullable(),
});

/** A tenant as the admin screens read it (seed-spec section 3). */
export function tenantJson(tenant: TenantState, signer: UrlSigner): z.infer<typeof tenantJsonSchema> {
  return {
    _id: tenant.tenantId,
    name: tenant.name,
    domain: tenant.domain,
    logoUrl: logoLink(signer, tenant),
    primaryColor: tenant.primaryColor,
    ...supportContactOf(tenant),
    bankAccounts: tenant.bankAccounts.map((b, index) => ({ _id: String(index), ...b })),
    cryptoWallets: tenant.cryptoWallets.map((w, index) => ({
      _id: String(index),
      network: w.network,
      address: w.address,
      // A stored image on a signed link, else a link an admin gave before links were refused (shown
      // to admins so they replace it; customers never get it: depositWalletsJson).
      qrCodeUrl: fileLink(signer, w.qrFileId) ?? w.qrUrl ?? null,
      isActive: w.isActive,
    })),
    createdAt: tenant.createdAt === UNRECORDED_AT ? null : tenant.createdAt,
    updatedAt: tenant.updatedAt === UNRECORDED_AT ? null : tenant.updatedAt,
  };
}

/**
 * A brand's active deposit wallets as its customers read them: the QR only when it is an image the
 * desk stored (uploaded ones were checked against the address, drawn ones are of it); a link to
 * another site, kept from before such links were refused, was never checked and is left out (the
 * customer's screen draws the QR from the address).
 */
export function depositWalletsJson(tenant: TenantState, signer: UrlSigner) {
  return tenant.cryptoWallets.filter((w) => w.isActive).map((w) => ({ network: w.network, address: w.address, qrCodeUrl: fileLink(signer, w.qrFileId) }));
}
