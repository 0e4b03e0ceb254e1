import type { Tenant, TenantProfileForm } from './tenant-api';

/** Seed-spec section 9: the brand colour when a tenant sets none. */
export const DEFAULT_COLOUR = '#0d6efd';
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The brand's support contact, shown on its landing page (decision 0035); empty for none. */
export const SUPPORT_FIELDS = ['supportPhone', 'supportEmail', 'supportWhatsApp', 'supportHours'] as const;
type SupportDraft = Record<(typeof SUPPORT_FIELDS)[number], string>;
const NO_SUPPORT: SupportDraft = { supportPhone: '', supportEmail: '', supportWhatsApp: '', supportHours: '' };

export interface ProfileDraft extends SupportDraft {
  name: string;
  domain: string;
  logoUrl: string;
  primaryColor: string;
}

export const emptyProfile = (): ProfileDraft => ({ name: '', domain: '', logoUrl: '', primaryColor: DEFAULT_COLOUR, ...NO_SUPPORT });

export const profileOf = (tenant: Tenant): ProfileDraft => ({
  name: tenant.name,
  domain: tenant.domain ?? '',
  logoUrl: tenant.logoUrl ?? '',
  primaryColor: tenant.primaryColor,
  supportPhone: tenant.supportPhone ?? '',
  supportEmail: tenant.supportEmail ?? '',
  supportWhatsApp: tenant.supportWhatsApp ?? '',
  supportHours: tenant.supportHours ?? '',
});

export type ProfileProblems = Partial<Record<keyof ProfileDraft, string>>;

/** The checks worth doing before a round trip; the server checks domain and URL shapes itself. */
export function profileProblems(draft: ProfileDraft): ProfileProblems {
  const problems: ProfileProblems = {};
  if (!draft.name.trim()) problems.name = 'Name is required';
  if (!HEX_COLOUR.test(draft.primaryColor.trim())) problems.primaryColor = 'Colour must look like #0d6efd';
  return problems;
}

/** The multipart fields of a create or edit; an empty domain, logo URL or support field clears it. */
export const profileForm = (draft: ProfileDraft, withLogoUrl: boolean): TenantProfileForm => ({
  name: draft.name.trim(),
  domain: draft.domain.trim().toLowerCase(),
  primaryColor: draft.primaryColor.trim(),
  ...Object.fromEntries(SUPPORT_FIELDS.map((field) => [field, draft[field].trim()])),
  ...(withLogoUrl ? { logoUrl: draft.logoUrl.trim() } : {}),
});
