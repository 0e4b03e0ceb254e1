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
const LOGO_URL = z.string().trim().max(2000);

/** Form fields of a multipart create or edit (strings; the logo file is read separately). */
export const profileFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  domain: z.union([z.literal(''), DOMAIN]).optional(),
  logoUrl: LOGO_URL.optional(),
  primaryColor: COLOR.optional(),
  removeLogo: z.enum(['true', 'false']).optional(),
});

const IFSC = z.string().transform(normaliseIfsc).pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE));
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
    address: z.string({ error: 'Please fill in network and address' }).trim().min(1, 'Please fill in network and address').max(128),
    /** A data URL to upload, one of our own file links to keep, an https link to keep as given, or nothing to generate one. */
    qrCodeUrl: z.string().max(3_000_000).nullable().optional(),
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
  bankAccounts: z.array(tenantBankAccountSchema).max(50).optional(),
  cryptoWallets: z.array(tenantWalletSchema).max(50).optional(),
});
export type TenantJsonEdit = z.infer<typeof tenantJsonEditSchema>;
