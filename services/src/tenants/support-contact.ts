import { SUPPORT_FIELDS, supportContactOf, type SupportContact, type TenantProfile } from '@desk/machines/tenants/tenant.events';

/** Support fields as an edit sends them: a field left out stays as it is, null clears it. */
export type SupportContactEdit = Partial<Record<keyof SupportContact, string | null | undefined>>;

/** The brand's support contact after an edit (tenant.schemas.ts has checked each field). */
export function supportAfterEdit(edit: SupportContactEdit, base: TenantProfile): SupportContact {
  const current = supportContactOf(base);
  return Object.fromEntries(SUPPORT_FIELDS.map((field) => [field, edit[field] === undefined ? current[field] : edit[field]])) as SupportContact;
}

/**
 * The support contact as visitors read it (GET /api/config/public, decision 0035): only what the
 * brand gave, so a brand with none shows none. `whatsappUrl` is always a wa.me chat link.
 */
export function supportContactJson(profile: TenantProfile) {
  const { supportPhone, supportEmail, supportWhatsApp, supportHours } = supportContactOf(profile);
  return { phone: supportPhone, email: supportEmail, whatsappUrl: supportWhatsApp, hours: supportHours };
}
