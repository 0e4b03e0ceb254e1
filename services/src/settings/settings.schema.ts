import { z } from 'zod';

/** A non-negative decimal, sent as a number or a string, kept as a string (never a float in events). */
const decimal = (max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => String(v))
    .pipe(z.string().regex(/^\d+(\.\d{1,8})?$/, 'Must be a non-negative number with at most 8 decimals'))
    .refine((v) => Number(v) <= max, `Must be at most ${max}`);

const wholeNumber = z.union([z.number(), z.string().trim()]).transform((v) => String(v)).pipe(z.string().regex(/^[1-9]\d{0,11}$/, 'Must be a whole number above 0'));

export const ratesSchema = z.object({
  usdtInr: decimal(100_000),
  usdt_bank_buy: decimal(100_000),
  usdt_bank_sell: decimal(100_000),
  usdt_cash_buy: decimal(100_000),
  usdt_cash_sell: decimal(100_000),
});

export const feesSchema = z.object({
  fiatToCryptoPercent: decimal(50),
  cryptoToFiatPercent: decimal(50),
});

const range = z
  .object({ min: wholeNumber, max: wholeNumber })
  .refine((r) => BigInt(r.min) <= BigInt(r.max), { message: 'min must not exceed max', path: ['min'] });

export const limitsSchema = z.object({
  /** Whole rupees per buy order. */
  buyInr: range,
  /** Whole USDT per sell order. */
  sellUsdt: range,
});

export const settingsSchema = z.object({ rates: ratesSchema, fees: feesSchema, limits: limitsSchema });
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/admin/settings: any part may be sent; what is sent replaces those fields. */
export const settingsPatchSchema = z
  .object({
    rates: ratesSchema.partial().optional(),
    fees: feesSchema.partial().optional(),
    limits: z.object({ buyInr: range.optional(), sellUsdt: range.optional() }).optional(),
  })
  // An empty change would still be recorded as a change: refuse it.
  .refine((patch) => [patch.rates, patch.fees, patch.limits].some((part) => part && Object.keys(part).length > 0), {
    message: 'Nothing to change: send rates, fees or limits',
  });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Seed-spec section 9 and the orders issue: rates unset (0 falls back to usdtInr, then 85), no fees. */
export const DEFAULT_SETTINGS: Settings = {
  rates: { usdtInr: '85', usdt_bank_buy: '0', usdt_bank_sell: '0', usdt_cash_buy: '0', usdt_cash_sell: '0' },
  fees: { fiatToCryptoPercent: '0', cryptoToFiatPercent: '0' },
  limits: { buyInr: { min: '100', max: '1000000' }, sellUsdt: { min: '1', max: '12000' } },
};

export const NETWORKS = ['TRC20', 'ERC20', 'BEP20', 'POLYGON'] as const;
