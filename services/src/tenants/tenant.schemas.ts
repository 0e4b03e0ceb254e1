import { z } from 'zod';
import { addressProblem } from '@desk/machines/addresses/address-validation';

const COLOR = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #0d6efd');
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

const IFSC = z.string().trim().toUpperCase().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'IFSC must look like ABCD0123456');
export const tenantBankAccountSchema = z.object({
  bankName: z.string().trim().min(1, 'Bank name is required').max(100),
  accountName: z.string().trim().min(1, 'Account name is required').max(100),
  accountNumber: z.string().trim().regex(/^\d{6,20}$/, 'Account number must be 6 to 20 digits'),
  ifsc: IFSC,
  // Inactive only when explicitly false (seed-spec section 3).
  isActive: z.boolean().optional().transform((v) => v !== false),
});

export const tenantWalletSchema = z
  .object({
    network: z.enum(['TRC20', 'ERC20', 'BEP20', 'POLYGON'], { error: 'Please fill in network and address' }),
    address: z.string({ error: 'Please fill in network and address' }).trim().min(1, 'Please fill in network and address').max(128),
    /** A data URL to upload, one of our own file links to keep, or nothing to generate one. */
    qrCodeUrl: z.string().max(3_000_000).nullable().optional(),
    isActive: z.boolean().optional().transform((v) => v !== false),
  })
  .superRefine((w, ctx) => {
    const problem = addressProblem(w.address, w.network);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });

/** JSON edit: any profile field, and/or the whole list of bank accounts or wallets. */
export const tenantJsonEditSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  domain: z.union([z.literal(''), DOMAIN]).nullable().optional(),
  logoUrl: LOGO_URL.nullable().optional(),
  primaryColor: COLOR.optional(),
  bankAccounts: z.array(tenantBankAccountSchema).max(50).optional(),
  cryptoWallets: z.array(tenantWalletSchema).max(50).optional(),
});
export type TenantJsonEdit = z.infer<typeof tenantJsonEditSchema>;
