import { z } from 'zod';
import { isTenantId } from '@desk/machines/tenants/tenant-id';
import { validateBuyAmount, validateSellAmount } from '@desk/machines/pricing/pricing';
import { OrderNotFoundError } from './order-errors';
import { atMost } from '../http/validate';
import { UUID } from '../http/server-ids';
import { addressProblem } from '@desk/machines/addresses/address-validation';
import { ACCOUNT_NUMBER_MESSAGE, ACCOUNT_NUMBER_PATTERN, IFSC_MESSAGE, IFSC_PATTERN, normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { NETWORKS } from '@desk/machines/addresses/networks';
import { REASON_CODES } from '@desk/machines/order/order-reasons';

const NETWORK = z.enum(NETWORKS, { error: 'Please select a network' });
const METHOD = z.enum(['bank', 'cash'], { error: 'Payment method must be bank or cash' });

// What the document says of the checks made inside transforms and refinements, so a client learns
// them before the server refuses: each as a pattern on the text it accepts, and in words.
const WHOLE_INR = '^\\s*[0-9,]*[1-9][0-9,]*\\s*$';
const WHOLE_USDT = '^\\s*[0-9]*[1-9][0-9]*\\s*$';
const RATE_TEXT = '^\\s*(?=[0-9.]*[1-9])[0-9]+(\\.[0-9]{1,8})?\\s*$';
const USDT_ADDRESS = '^\\s*(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})\\s*$';
/** A UUID in either case, as the server takes it (a regex's `i` flag does not reach the document). */
const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Amounts arrive as numbers or strings; they are checked with the screens' own rules and texts. */
const amount = (check: (input: string) => string | null, rule: { pattern: string; description: string }) =>
  z
    .union([z.number().meta({ minimum: 1, multipleOf: 1 }), z.string().meta({ pattern: rule.pattern })], { error: check('') ?? 'Enter an amount' })
    .describe(rule.description)
    .transform((v) => String(v).trim().replaceAll(',', ''))
    .superRefine((v, ctx) => {
      const problem = check(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const rate = z
  .union([z.number().meta({ exclusiveMinimum: 0 }), z.string().meta({ pattern: RATE_TEXT })])
  .describe('A positive number with at most 8 decimals (a number or a decimal string)')
  .transform((v) => String(v).trim())
  // One check, so a bad rate is told once: digits with at most 8 decimals, and some digit not zero.
  .pipe(z.string().regex(/^(?=.*[1-9])\d+(\.\d{1,8})?$/, 'Rate must be a positive number'));

export const buySchema = z
  .object({
    fiatAmount: amount(validateBuyAmount, {
      pattern: WHOLE_INR,
      description: 'Whole rupees, a number or text (grouping commas are ignored); within the per-order limits of GET /config/public and your own',
    }),
    network: NETWORK,
    withdrawAddress: z
      .string({ error: 'Please select a USDT address' })
      .trim()
      .min(1, 'Please select a USDT address')
      .max(128)
      .meta({ pattern: USDT_ADDRESS })
      .describe('An address on `network`: TRC20 is T and 33 more characters, the others 0x and 40 hex digits; its checksum is checked'),
    method: METHOD,
    expectedRate: rate.optional().describe('The rate the customer was shown: refused with 409 `rate_changed` when it is no longer in force'),
  })
  .superRefine((order, ctx) => {
    // USDT sent to an address of another network is lost: refuse it before an order exists.
    if (!order.withdrawAddress) return; // blank: its own check said so
    const problem = addressProblem(order.withdrawAddress, order.network);
    if (problem) ctx.addIssue({ code: 'custom', path: ['withdrawAddress'], message: problem });
  });

const payoutAccount = z
  .object({
    bankName: z.string().trim().min(1),
    accountHolder: z.string().trim().min(1).optional(),
    accountName: z.string().trim().min(1).optional(),
    accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE),
    ifsc: z
      .string()
      .meta({ pattern: '^\\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\\s*$' })
      .describe('ABCD0123456 (either case)')
      .transform(normaliseIfsc)
      .pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE)),
  })
  .describe('Where the INR goes: the holder as `accountHolder` or `accountName` (one of them is required)')
  .refine((a) => a.accountHolder || a.accountName, { message: 'Please fill all bank account details', path: ['accountHolder'] })
  .transform((a) => ({ bankName: a.bankName, accountName: (a.accountHolder ?? a.accountName)!, accountNumber: a.accountNumber, ifsc: a.ifsc }));

export const sellSchema = z
  .object({
    cryptoAmount: amount(validateSellAmount, {
      pattern: WHOLE_USDT,
      description: 'Whole USDT, a number or text; within the per-order limits of GET /config/public',
    }),
    // Sell orders are received on TRC20 only (seed-spec section 9).
    network: z.literal('TRC20', { error: 'Sell orders use the TRC20 network' }).default('TRC20'),
    method: METHOD,
    bankAccount: payoutAccount.optional(),
    /** One of the customer's saved bank accounts, instead of `bankAccount`. */
    bankAccountId: z
      .string()
      .regex(UUID, 'Please select a bank account')
      .meta({ pattern: UUID_TEXT })
      .optional()
      .describe('One of your saved bank accounts (GET /user/bank-accounts), instead of `bankAccount`'),
    expectedRate: rate.optional().describe('The rate the customer was shown: refused with 409 `rate_changed` when it is no longer in force'),
  })
  .describe('With `method: bank`, one of `bankAccount` or `bankAccountId` is required')
  .superRefine((v, ctx) => {
    if (v.method === 'bank' && !v.bankAccount && !v.bankAccountId)
      ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'Please select a bank account' });
  });

export const uploadSchema = z
  .object({
    dataUrl: z
      .string()
      .max(8_000_000)
      .meta({ pattern: '^data:([\\w.+-]+/[\\w.+-]+)?(;[\\w-]+=[\\w.-]+)*;base64,[A-Za-z0-9+/]*={0,2}$' })
      .optional()
      .describe('The proof as a base64 data: URL: a PNG, JPEG, GIF or WebP image or a PDF (read from its bytes, not its declared type), under 5 MB'),
    bankReference: z.string().trim().max(100).optional().describe("A buy: the bank transfer's UTR"),
    cryptoReference: z.string().trim().max(200).optional().describe("A sell: the USDT transaction's hash"),
  })
  .describe('A file, a reference, or both');

/** The detail page sends every box of its form: one left empty (or null) says nothing. */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());
const reference = (what: string) => unlessBlank(z.string().trim().max(200, atMost(what, 200)));
export const completionSchema = z.object({
  bankUtr: reference('UTR reference'),
  cryptoReference: reference('Crypto transaction reference'),
  rate: unlessBlank(rate),
});
/** Confirming or declining names the request seen, so a replaced one is never confirmed unseen. */
const requestId = z.string({ error: 'requestId is required' }).regex(UUID, 'requestId must be the pending request’s id');
export const confirmCompletionSchema = z.object({ requestId });
export const declineCompletionSchema = z.object({ requestId, note: z.string().trim().max(500, 'A note is at most 500 characters').optional() });
export const cryptoSentSchema = z.object({
  cryptoReference: z
    .string({ error: 'Crypto transaction reference is required' })
    .trim()
    .min(1, 'Crypto transaction reference is required')
    .max(200, atMost('Crypto transaction reference', 200)),
});
const reasonCode = z.enum(REASON_CODES, { error: `Reason must be one of: ${REASON_CODES.join(', ')}` });
const note = z.string().trim().max(500, 'A note is at most 500 characters').optional();

// The detail page sends its completion fields with a reject; they are accepted and ignored. A reject
// without a code (the specification's list sends none) is recorded as 'other'; `reason` is the older
// name of the note.
export const rejectSchema = z.object({ reasonCode: reasonCode.default('other'), note, reason: note }).passthrough();
/** A customer's cancellation may say why, for the desk; it is recorded as the customer's request. */
export const cancelSchema = z.object({ note: note.describe('Why, for the desk (at most 500 characters)') }).passthrough();
export const bulkRejectSchema = z.object({
  ids: z.array(z.string(), { error: 'ids must be a list of order ids' }).min(1, 'Select at least one order').max(200, 'At most 200 orders at once'),
  reasonCode: reasonCode.default('other'),
  note,
  reason: note,
});

/** An empty brand filter means every brand in the admin's scope. */
export const brandFilter = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isTenantId(v), 'No such brand');

export const adminListSchema = z.object({
  type: z
    .enum(['fiat_to_crypto', 'crypto_to_fiat'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z
    .enum(['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  network: z.string().trim().max(20).optional(),
  refCode: z.string().trim().max(20).optional(),
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().max(16))
    .optional(),
  /** One brand's orders (operator admins; a brand admin's lists are their brand's anyway). */
  tenantId: brandFilter,
  /** `confirmation`: completions waiting for a second admin (four eyes). */
  awaiting: z
    .enum(['confirmation'], { error: 'awaiting must be confirmation' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const exportSchema = adminListSchema.pick({ type: true, status: true, network: true, tenantId: true });
export const dashboardSchema = z.object({ tenantId: brandFilter });

/** An order id from a path: anything that is not a uuid cannot be an order, so it is not found. */
export function parseOrderId(id: string): string {
  if (!UUID.test(id)) throw new OrderNotFoundError();
  return id.toLowerCase();
}
