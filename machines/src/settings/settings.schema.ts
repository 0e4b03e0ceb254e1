import { z } from 'zod';
import { RATE_MAX, RATE_MIN } from '../pricing/bounds';

/**
 * A number or a numeric string, as a client may send either. The `.meta` are for the published
 * document only (the checks that decide are the pipe's): a client learns the rule before it is refused.
 */
type Bounds = { minimum?: number; exclusiveMinimum?: number; maximum?: number; multipleOf?: number };
const numberOrText = (rule: string, pattern: string, bounds: Bounds = {}) =>
  z.union([z.number().meta(bounds), z.string().trim().meta({ pattern })]).describe(rule);

/** A non-negative decimal, sent as a number or a string, kept as a string (never a float in events). */
const decimal = (max: number) =>
  numberOrText(`A non-negative number with at most 8 decimals, at most ${max}`, '^\\s*\\d+(\\.\\d{1,8})?\\s*$', { minimum: 0, maximum: max })
    .transform((v) => String(v))
    .pipe(z.string().regex(/^\d+(\.\d{1,8})?$/, 'Must be a non-negative number with at most 8 decimals'))
    .refine((v) => Number(v) <= max, `Must be at most ${max}`);

/** A rate: 0 (unset: the next rate in line applies) or within the bounds every order is priced in. */
const rate = decimal(Number(RATE_MAX))
  .refine((v) => Number(v) === 0 || Number(v) >= Number(RATE_MIN), `A rate must be 0 (unset) or at least ${RATE_MIN}`)
  .describe(`A rate in rupees per USDT: 0 (unset: the next rate in line applies), or from ${RATE_MIN} to ${RATE_MAX}, at most 8 decimals`);
/** A brand's own rate: an override of "unset" would mean nothing, so it is a real rate. */
const overrideRate = rate
  .refine((v) => Number(v) > 0, `A brand's rate must be at least ${RATE_MIN}`)
  .describe(`A brand's rate in rupees per USDT: from ${RATE_MIN} to ${RATE_MAX}, at most 8 decimals`);

const wholeNumber = numberOrText('A whole number above 0 (at most 12 digits)', '^\\s*[1-9]\\d{0,11}\\s*$', { minimum: 1, multipleOf: 1 })
  .transform((v) => String(v))
  .pipe(z.string().regex(/^[1-9]\d{0,11}$/, 'Must be a whole number above 0'));

const RATE_KEYS = ['usdtInr', 'usdt_bank_buy', 'usdt_bank_sell', 'usdt_cash_buy', 'usdt_cash_sell'] as const;
export const ratesSchema = z.object(Object.fromEntries(RATE_KEYS.map((key) => [key, rate])) as Record<(typeof RATE_KEYS)[number], typeof rate>);
const overrideRatesSchema = z.object(
  Object.fromEntries(RATE_KEYS.map((key) => [key, overrideRate.optional()])) as Record<(typeof RATE_KEYS)[number], z.ZodOptional<typeof overrideRate>>,
);

export const feesSchema = z.object({
  fiatToCryptoPercent: decimal(50),
  cryptoToFiatPercent: decimal(50),
});

const range = z
  .object({ min: wholeNumber, max: wholeNumber })
  // Only once both ends are whole numbers: BigInt of anything else throws.
  .refine((r) => BigInt(r.min) <= BigInt(r.max), { message: 'min must not exceed max', path: ['min'], when: (payload) => payload.issues.length === 0 })
  .describe('A range: min must not exceed max');

export const limitsSchema = z.object({
  /** Whole rupees per buy order. */
  buyInr: range,
  /** Whole USDT per sell order. */
  sellUsdt: range,
});

/** A whole number of rupees, or 0 for "off". */
const rupeesOrOff = numberOrText('A whole number of rupees, 0 for off (at most 12 digits)', '^\\s*(0|[1-9]\\d{0,11})\\s*$', { minimum: 0, multipleOf: 1 })
  .transform((v) => String(v))
  .pipe(z.string().regex(/^(0|[1-9]\d{0,11})$/, 'Must be a whole number of rupees (0 turns it off)'));

/** A percentage above 0 and at most 50, with at most 2 decimals: a band has no "off" (a re-quote always compares). */
const bandPercent = numberOrText('A percentage above 0 and at most 50, with at most 2 decimals', '^\\s*\\d{1,2}(\\.\\d{1,2})?\\s*$', {
  exclusiveMinimum: 0,
  maximum: 50,
})
  .transform((v) => String(v))
  .pipe(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'Must be a percentage with at most 2 decimals'))
  .refine((v) => Number(v) > 0 && Number(v) <= 50, 'Must be above 0 and at most 50 (%)');

/**
 * The desk's controls (docs/controls.md).
 * - `fourEyesAboveInr`: completing or approving an order worth more than this (whole rupees; 0 is
 *   off) needs a second admin.
 * - `customerDailyInr` / `customerMonthlyInr`: what one customer may order in the last 24 hours /
 *   30 days (whole rupees; 0 is off), counted over their orders that are not rejected, cancelled or
 *   expired unpaid.
 * - `requoteBandPercent`: a re-quote, or a change of a rate, further than this from the rate in
 *   force needs a second admin whatever the amount.
 * - `bankMatch`: what a bank statement credit matching a buy exactly does (decision 0032):
 *   `suggest` shows the match for an admin to verify; `verify` verifies the order as well.
 * - `chainPayoutMismatch`: what a buy's payout the chain shows is not this order's does
 *   (payout-chain-gate.ts): `refuse` it, or record it `flag`ged.
 */
export const controlsSchema = z.object({
  fourEyesAboveInr: rupeesOrOff,
  customerDailyInr: rupeesOrOff,
  customerMonthlyInr: rupeesOrOff,
  requoteBandPercent: bandPercent,
  bankMatch: z.enum(['suggest', 'verify'], { message: 'Must be suggest or verify' }),
  chainPayoutMismatch: z.enum(['refuse', 'flag'], { message: 'Must be refuse or flag' }),
});
export type Controls = z.infer<typeof controlsSchema>;

export const settingsSchema = z.object({ rates: ratesSchema, fees: feesSchema, limits: limitsSchema, controls: controlsSchema });
export type Settings = z.infer<typeof settingsSchema>;

const partsSchema = z.object({
  rates: ratesSchema.partial().optional(),
  fees: feesSchema.partial().optional(),
  limits: z.object({ buyInr: range.optional(), sellUsdt: range.optional() }).optional(),
  controls: controlsSchema.partial().optional(),
});
const hasAnyPart = (parts: z.infer<typeof partsSchema>) =>
  [parts.rates, parts.fees, parts.limits, parts.controls].some((part) => part && Object.keys(part).length > 0);

/** PUT /api/admin/settings: any part may be sent; what is sent replaces those fields. */
export const settingsPatchSchema = partsSchema
  // An empty change would still be recorded as a change: refuse it.
  .refine(hasAnyPart, { message: 'Nothing to change: send rates, fees, limits or controls' })
  .describe('Any part may be sent (at least one field); what is sent replaces those fields');
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * A brand's overrides of the global settings: any subset of rates, fees and limits (a limit as a
 * whole min-max range). The whole set is sent each time; what is absent follows the global settings.
 */
export const settingsOverridesSchema = partsSchema.extend({ rates: overrideRatesSchema.optional() });
export type SettingsOverrides = z.infer<typeof settingsOverridesSchema>;

/**
 * Seed-spec section 9 and the orders issue: rates unset (0 falls back to usdtInr, then 85), no fees.
 * The controls start on (decisions 0020 and 0028): a second admin above ₹2,00,000 and for a re-quote
 * more than 2 % from the rate in force, and a customer may order ₹10,00,000 a day and ₹50,00,000 in
 * 30 days until the operator sets their own; a bank statement's matches are suggestions until an
 * operator lets them verify (and a second admin confirms that).
 */
export const DEFAULT_SETTINGS: Settings = {
  rates: { usdtInr: '85', usdt_bank_buy: '0', usdt_bank_sell: '0', usdt_cash_buy: '0', usdt_cash_sell: '0' },
  fees: { fiatToCryptoPercent: '0', cryptoToFiatPercent: '0' },
  limits: { buyInr: { min: '100', max: '1000000' }, sellUsdt: { min: '1', max: '12000' } },
  controls: {
    fourEyesAboveInr: '200000',
    customerDailyInr: '1000000',
    customerMonthlyInr: '5000000',
    requoteBandPercent: '2',
    bankMatch: 'suggest',
    chainPayoutMismatch: 'refuse',
  },
};
