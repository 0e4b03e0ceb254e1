import { ValidationError } from '@desk/platform/errors/domain-error';
import { ownFileId } from './tenant-images';
import type { TenantProfile } from '@desk/machines/tenants/tenant.events';

type Logo = Pick<TenantProfile, 'logoFileId' | 'logoUrl'>;

/**
 * The logo after an edit's `logoUrl`: absent leaves it as it is; empty (or null) means no logo; the
 * signed link the server itself served for the current logo means "unchanged" (a tenant sent back
 * as it was read); otherwise an external https URL, which replaces an uploaded logo.
 */
export function logoAfterEdit(logoUrl: string | null | undefined, current: Logo): Logo {
  if (logoUrl === undefined) return { logoFileId: current.logoFileId, logoUrl: current.logoUrl };
  const url = logoUrl?.trim() ?? '';
  if (url === '') return { logoFileId: null, logoUrl: null };
  const fileId = ownFileId(url);
  if (fileId !== null && fileId === current.logoFileId) return { logoFileId: current.logoFileId, logoUrl: current.logoUrl };
  if (fileId === null && /^https:\/\/[^\s]+$/.test(url)) return { logoFileId: null, logoUrl: url };
  throw ValidationError.of('logoUrl', 'Logo URL must start with https://');
}
