/**
 * The agreed rates (decision 0030, addendum of 2026-11-27): the rates as a second admin (or the
 * admin CLI, the person at the server) last confirmed them. A rate is measured from its agreed
 * value, never from the rate in force, so one admin cannot walk it away in steps inside the band:
 * each step is judged against a point only a confirmation moves.
 *
 * The Global Settings keep their agreed rates beside the settings; a brand keeps its overrides as
 * last confirmed. A brand's agreed rates are the global agreed rates with the brand's agreed
 * override rates laid over them, read through the same fall-back as its prices (`selectRate`).
 * Pure.
 */
import { selectRate, type SettlementMethod, type Side } from '../pricing/pricing';
import type { Settings, SettingsOverrides } from './settings.schema';

export type Rates = Settings['rates'];
export type RateName = keyof Rates;

/**
 * When an agreed rate was confirmed; null: it is the rate that was in force when the desk began
 * keeping agreed rates (an installation's rates at upgrade), not confirmed since.
 */
export type AgreedAt = string | null;

/** The Global Settings' agreed rates and when a confirmation last set them. */
export interface GlobalAnchor {
  rates: Rates;
  setAt: AgreedAt;
}

/** A brand's overrides as a second admin last confirmed them (only their rates are read). */
export interface BrandAnchor {
  overrides: SettingsOverrides;
  setAt: AgreedAt;
}

/** What a brand's (or the Global Settings') rates are measured from: each rate as agreed, and when. */
export interface AgreedRates {
  rates: Rates;
  setAt: Record<RateName, AgreedAt>;
}

const RATE_NAMES: readonly RateName[] = ['usdtInr', 'usdt_bank_buy', 'usdt_bank_sell', 'usdt_cash_buy', 'usdt_cash_sell'];

/** The agreed rates of the Global Settings alone (`brand` absent) or of a brand. */
export function agreedRatesOf(global: GlobalAnchor, brand?: BrandAnchor): AgreedRates {
  const rates: Rates = { ...global.rates };
  const setAt = Object.fromEntries(RATE_NAMES.map((name) => [name, global.setAt])) as Record<RateName, AgreedAt>;
  for (const name of RATE_NAMES) {
    const own = brand?.overrides.rates?.[name];
    if (own === undefined) continue;
    rates[name] = own;
    setAt[name] = brand!.setAt;
  }
  return { rates, setAt };
}

/** The agreed value of the rate an order of `side` and `method` is priced at, and when it was agreed. */
export function agreedRate(agreed: AgreedRates, side: Side, method: SettlementMethod): { rate: string; setAt: AgreedAt } {
  const { rate, rateKey } = selectRate(agreed.rates, side, method);
  return { rate, setAt: rateKey === 'default' ? null : agreed.setAt[rateKey] };
}

/** "2026-11-27 14:05 UTC": when an agreed rate was confirmed, as a reason or a screen says it. */
export function agreedAtWords(at: AgreedAt): string {
  return at === null ? 'in force when agreed rates began' : `confirmed by a second admin on ${at.slice(0, 16).replace('T', ' ')} UTC`;
}
