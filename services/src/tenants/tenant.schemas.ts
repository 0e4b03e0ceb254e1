import { z } from 'zod';
import { addressProblem } from '@desk/machines/addresses/address-validation';
import { ACCOUNT_NUMBER_MESSAGE, ACCOUNT_NUMBER_PATTERN, IFSC_MESSAGE, IFSC_PATTERN, normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { NETWORKS } from '@desk/machines/addresses/networks';

const COLOR = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #0d6efd');
const DOMAIN = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Domain must look like desk.example.com');
/** An https URL, empty for none, or the link the server served for the current logo (checked in logo-source.ts). */
const LOGO_URL = z.string().trim().max(2000).describe('An https link to the logo, empty for none, or the link this server gave for the current logo');

/**
 * The brand's support contact (decision 0035). Each is optional; empty clears it. What visitors are
 * shown is only ever what an admin typed here, so each is checked to be what it says it is: a
 * phone number, an email address, a WhatsApp chat link (only wa.me: the landing page must not send
 * visitors to an arbitrary site), and a short line of hours.
 */
const SUPPORT_PHONE = z
  .string()
  .trim()
  .max(24, 'Support phone must be at most 24 characters')
  .regex(/^\+?\d[\d -]{4,20}\d$/, 'Support phone must look like +91 98765 43210 (digits, spaces, dashes and a leading +)');
const SUPPORT_EMAIL = z.string().trim().max(254, 'Support email must be at most 254 characters').pipe(z.email('Support email must look like help@example.com'));
const SUPPORT_WHATSAPP = z
  .string()
  .trim()
  .regex(/^https:\/\/wa\.me\/\d{8,15}$/, 'WhatsApp link must look like https://wa.me/919876543210 (the number with its country code)');
const SUPPORT_HOURS = z
  .string()
  .trim()
  .max(80, 'Support hours must be at most 80 characters')
  // No control or formatting characters and no line or paragraph separators: a right-to-left
  // override would make the landing read the hours backwards (review 10, F2).
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'Support hours must be one line of text');

/** A contact field as sent: '' (or null in JSON) clears it, anything else must be valid; each becomes its text or null. */
const contactField = <T extends z.ZodType<string>>(field: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), field.nullable().optional());
const supportFields = {
  supportPhone: contactField(SUPPORT_PHONE),
  supportEmail: contactField(SUPPORT_EMAIL),
  supportWhatsApp: contactField(SUPPORT_WHATSAPP),
  supportHours: contactField(SUPPORT_HOURS),
};

/** A brand admin's edit of their brand's support contact: the fields it names are replaced. */
export const supportContactSchema = z.strictObject(supportFields, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? 'Only the support contact (supportPhone, supportEmail, supportWhatsApp, supportHours) can be changed here' : undefined,
});

/** Form fields of a multipart create or edit (strings; the logo file is read separately). */
export const profileFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  domain: z.union([z.literal(''), DOMAIN]).optional(),
  logoUrl: LOGO_URL.optional(),
  primaryColor: COLOR.optional(),
  removeLogo: z.enum(['true', 'false']).optional(),
  ...supportFields,
});

const IFSC = z
  .string()
  // The document's view of the check after the transform: either case, spaces around it ignored.
  .meta({ pattern: '^\\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\\s*$' })
  .describe('The IFSC: 4 letters, 0, then 6 letters or digits (ABCD0123456); taken in either case, kept upper case')
  .transform(normaliseIfsc)
  .pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE));
export const tenantBankAccountSchema = z.object({
  bankName: z.string().trim().min(1, 'Bank name is required').max(100),
  accountName: z.string().trim().min(1, 'Account name is required').max(100),
  accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE),
  ifsc: IFSC,
  // Inactive only when explicitly false (seed-spec section 3).
  isActive: z
    .boolean()
    .optional()
    .transform((v) => v !== false),
});

export const tenantWalletSchema = z
  .object({
    network: z.enum(NETWORKS, { error: 'Please fill in network and address' }),
    address: z
      .string({ error: 'Please fill in network and address' })
      .trim()
      .min(1, 'Please fill in network and address')
      .max(128)
      .meta({ pattern: '^\\s*(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})\\s*$' })
      .describe('An address on `network`: TRC20 is T and 33 more characters, the others 0x and 40 hex digits; its checksum is checked'),
    /** A data URL to upload, one of our own file links to keep, an https link to keep as given, or nothing to generate one. */
    qrCodeUrl: z
      .string()
      .max(3_000_000)
      .nullable()
      .optional()
      .describe(
        'A data: URL of a PNG, JPEG or WebP image to store, one of our own file links to keep, an https link to keep as given, or nothing to have one drawn from the address',
      ),
    isActive: z
      .boolean()
      .optional()
      .transform((v) => v !== false),
  })
  .superRefine((w, ctx) => {
    if (!w.address) return; // blank: its own check said so
    const problem = addressProblem(w.address, w.network);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });

/** JSON edit: any profile field, and/or the whole list of bank accounts or wallets. */
export const tenantJsonEditSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  domain: z
    .union([z.literal(''), DOMAIN])
    .nullable()
    .optional(),
  logoUrl: LOGO_URL.nullable().optional(),
  primaryColor: COLOR.optional(),
  ...supportFields,
  bankAccounts: z.array(tenantBankAccountSchema).max(50).optional(),
  cryptoWallets: z.array(tenantWalletSchema).max(50).optional(),
});
export type TenantJsonEdit = z.infer<typeof tenantJsonEditSchema>;
