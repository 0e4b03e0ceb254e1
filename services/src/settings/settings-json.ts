import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { personJson } from '../identity/person-json';
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

/** Rates, fees, limits and the desk's controls as the clients read them. */
export function settingsJson(settings: Settings) {
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
export function publicSettingsJson(settings: Settings) {
  const { rates, fees, limits } = settingsJson(settings);
  return { rates, fees, limits };
}

/** A brand's overrides: only the fields it overrides. */
export function overridesJson(overrides: SettingsOverrides) {
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
export async function currentSettingsJson(db: Kysely<ServicesDatabase>, current: CurrentSettings) {
  return {
    ...settingsJson(current.settings),
    revision: current.revision,
    updatedAt: current.changedAt,
    updatedBy: await personJson(db, current.changedBy),
    agreedRates: agreedRatesJson(agreedRatesOf(current.anchor)),
  };
}
