import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServicesDatabase } from '../db/services-database';
import { personJson, personJsonSchema } from '../identity/person-json';
import type { Settings, SettingsOverrides } from '@desk/machines/settings/settings.schema';
import { agreedRate, agreedRatesOf, type AgreedRates } from '@desk/machines/settings/agreed-rates';
import { PRICED_RATES } from '@desk/machines/desk-changes/needs-second-admin';
import type { CurrentSettings } from './settings.service';

/** Rates and fees go out as numbers (the clients compare them with 0); they are stored as decimal strings. */
function numbers<T extends Partial<Record<string, string>>>(values: T): { [K in keyof T]: number } {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Number(v)]),
  ) as { [K in keyof T]: number };
}

type Controls = Settings['controls'];
type Policies = Pick<Controls, 'bankMatch' | 'chainPayoutMismatch'>;
type Amounts = Omit<Controls, keyof Policies>;

/** The controls: amounts and percentages as numbers, the two policies (what a bank match and a disputed payout do) as their words. */
function controlsJson(controls: Controls): Record<keyof Amounts, number> & Policies;
function controlsJson(controls: Partial<Controls>): Partial<Record<keyof Amounts, number> & Policies>;
function controlsJson(controls: Partial<Controls>) {
  const { bankMatch, chainPayoutMismatch, ...amounts } = controls;
  return {
    ...numbers(amounts),
    ...(bankMatch === undefined ? {} : { bankMatch }),
    ...(chainPayoutMismatch === undefined ? {} : { chainPayoutMismatch }),
  };
}

type Range = { min: string; max: string };
const rangeJson = (range: Range) => ({ min: Number(range.min), max: Number(range.max) });

const RATE_NAMES = ['usdtInr', 'usdt_bank_buy', 'usdt_bank_sell', 'usdt_cash_buy', 'usdt_cash_sell'] as const;
const numbersOf = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);
const rangeJsonSchema = z.object({ min: z.number(), max: z.number() });
const ratesJsonSchema = numbersOf(RATE_NAMES).describe('Rupees per USDT; 0: unset (the next rate in line applies)');
const feesJsonSchema = numbersOf(['fiatToCryptoPercent', 'cryptoToFiatPercent']);
const limitsJsonSchema = z.object({
  buyInr: rangeJsonSchema.describe('Whole rupees per buy order'),
  sellUsdt: rangeJsonSchema.describe('Whole USDT per sell order'),
});
const controlsJsonSchema = numbersOf(['fourEyesAboveInr', 'customerDailyInr', 'customerMonthlyInr', 'requoteBandPercent'])
  .extend({ bankMatch: z.enum(['suggest', 'verify']), chainPayoutMismatch: z.enum(['refuse', 'flag']) })
  .describe('The desk controls (docs/controls.md); an amount of 0 is off');

/** The settings as the clients read them (settingsJson). */
export const settingsJsonSchema = z.object({ rates: ratesJsonSchema, fees: feesJsonSchema, limits: limitsJsonSchema, controls: controlsJsonSchema });
/** What any visitor reads of them (publicSettingsJson). */
export const publicSettingsJsonSchema = settingsJsonSchema.omit({ controls: true });
/** A brand's overrides: only the fields it overrides (overridesJson). */
export const overridesJsonSchema = z.object({
  rates: ratesJsonSchema.partial(),
  fees: feesJsonSchema.partial(),
  limits: limitsJsonSchema.partial(),
  controls: controlsJsonSchema.partial(),
});
const agreedRateJsonSchema = z.object({
  rate: z.number(),
  confirmedAt: z.iso.datetime().nullable().describe('When a second admin confirmed it; null: the rate in force when agreed rates began'),
});
/** Each priced rate as agreed: what a rate move is measured from (agreedRatesJson). */
export const agreedRatesJsonSchema = z
  .object({
    usdt_bank_buy: agreedRateJsonSchema,
    usdt_bank_sell: agreedRateJsonSchema,
    usdt_cash_buy: agreedRateJsonSchema,
    usdt_cash_sell: agreedRateJsonSchema,
  })
  .describe('The rates a rate move is measured from');
/** The Global Settings with their revision, who last changed them, and their agreed rates (currentSettingsJson). */
export const currentSettingsJsonSchema = settingsJsonSchema.extend({
  revision: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: personJsonSchema.nullable(),
  agreedRates: agreedRatesJsonSchema,
});

/** Rates, fees, limits and the desk's controls as the clients read them. */
export function settingsJson(settings: Settings): z.infer<typeof settingsJsonSchema> {
  return {
    rates: numbers(settings.rates),
    fees: numbers(settings.fees),
    limits: { buyInr: rangeJson(settings.limits.buyInr), sellUsdt: rangeJson(settings.limits.sellUsdt) },
    controls: controlsJson(settings.controls),
  };
}

/**
 * What any visitor reads: no controls. The four-eyes threshold would tell a fraudster how to split
 * an order; a customer's own limits come with their headroom (GET /api/orders/limits).
 */
export function publicSettingsJson(settings: Settings): z.infer<typeof publicSettingsJsonSchema> {
  const { rates, fees, limits } = settingsJson(settings);
  return { rates, fees, limits };
}

/** A brand's overrides: only the fields it overrides. */
export function overridesJson(overrides: SettingsOverrides): z.infer<typeof overridesJsonSchema> {
  const limits = overrides.limits ?? {};
  return {
    rates: numbers(overrides.rates ?? {}),
    fees: numbers(overrides.fees ?? {}),
    limits: {
      ...(limits.buyInr ? { buyInr: rangeJson(limits.buyInr) } : {}),
      ...(limits.sellUsdt ? { sellUsdt: rangeJson(limits.sellUsdt) } : {}),
    },
    controls: controlsJson(overrides.controls ?? {}),
  };
}

/**
 * Each of the four priced rates as agreed (agreed-rates.ts): the value a move is measured from, and
 * when a second admin confirmed it (null: the rate in force when agreed rates began).
 */
export function agreedRatesJson(agreed: AgreedRates) {
  return Object.fromEntries(
    PRICED_RATES.map(({ side, method }) => {
      const { rate, setAt } = agreedRate(agreed, side, method);
      return [`usdt_${method}_${side}`, { rate: Number(rate), confirmedAt: setAt }];
    }),
  ) as Record<'usdt_bank_buy' | 'usdt_bank_sell' | 'usdt_cash_buy' | 'usdt_cash_sell', { rate: number; confirmedAt: string | null }>;
}

/** The Global Settings with their revision, who last changed them, and their agreed rates. */
export async function currentSettingsJson(db: Kysely<ServicesDatabase>, current: CurrentSettings): Promise<z.infer<typeof currentSettingsJsonSchema>> {
  return {
    ...settingsJson(current.settings),
    revision: current.revision,
    updatedAt: current.changedAt,
    updatedBy: await personJson(db, current.changedBy),
    agreedRates: agreedRatesJson(agreedRatesOf(current.anchor)),
  };
}
