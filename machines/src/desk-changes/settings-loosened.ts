/**
 * How a change to settings loosens the desk's rules, for needs-second-admin.ts (decision 0030 and
 * its addendum of 2026-11-27): a control loosened, a per-order maximum raised, or a priced rate
 * moved further than the re-quote band from its *agreed* rate (agreed-rates.ts). Measured from the
 * rate in force, the band let one admin walk a rate from 85 to 1 in 2 % steps (the review's F2);
 * measured from the agreed rate, which only a confirmation moves, each step is judged against the
 * same point, and a move back towards it within the band applies at once.
 *
 * A change of the Global Settings is judged as they are and for every brand that lays overrides
 * over them, each through its effective settings: through the fall-back chain a global change can
 * move a brand's rate that the global rates do not show (the review's F1: global cash buy set to 0
 * fell back to a brand's own base rate of 1). Pure.
 */
import type { Settings, SettingsOverrides } from '../settings/settings.schema';
import { applyOverrides } from '../settings/effective-settings';
import { agreedAtWords, agreedRate, agreedRatesOf, type AgreedRates, type BrandAnchor, type GlobalAnchor } from '../settings/agreed-rates';
import { selectRate, type SettlementMethod, type Side } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { formatInr } from '../pricing/money-format';
import { bandDistancePercent, outsideBand } from '../order/requote-band';

/** A brand as a global change reaches it: its overrides now, and as last confirmed. */
export interface BrandUnderGlobal {
  name: string;
  overrides: SettingsOverrides;
  anchor: BrandAnchor;
}

/** Settings as one set of customers get them (the Global Settings alone, or a brand's effective), before and after. */
export function loosenedSettings(before: Settings, after: Settings, agreed: AgreedRates): string[] {
  return [...loosenedControls(before, after), ...raisedMaxima(before, after), ...ratesFromAgreed(before, after, agreed)];
}

/**
 * The Global Settings' own reasons, then each brand's that the global ones do not already say
 * (a brand that overrides nothing gets exactly the Global Settings), naming the brand.
 */
export function loosenedGlobally(before: Settings, after: Settings, anchor: GlobalAnchor, brands: readonly BrandUnderGlobal[]): string[] {
  const own = loosenedSettings(before, after, agreedRatesOf(anchor));
  const forBrands = brands.flatMap((brand) =>
    loosenedSettings(applyOverrides(before, brand.overrides), applyOverrides(after, brand.overrides), agreedRatesOf(anchor, brand.anchor))
      .filter((reason) => !own.includes(reason))
      .map((reason) => `For ${brand.name}, ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`),
  );
  return [...own, ...new Set(forBrands)];
}

const CONTROLS = [
  ['fourEyesAboveInr', 'the four-eyes threshold (a second admin above this amount)'],
  ['customerDailyInr', "customers' daily limit"],
  ['customerMonthlyInr', "customers' monthly limit"],
] as const;

/** A whole-rupee control where 0 is off: loosened when turned off, or raised while on. */
function loosenedControls(before: Settings, after: Settings): string[] {
  const reasons: string[] = [];
  for (const [key, words] of CONTROLS) {
    const [was, now] = [new Money(before.controls[key]), new Money(after.controls[key])];
    if (was.isZero()) continue; // already off: anything else is as strict or stricter
    if (now.isZero()) reasons.push(`It turns off ${words}, which was ${formatInr(before.controls[key])}`);
    else if (now.gt(was)) reasons.push(`It raises ${words} from ${formatInr(before.controls[key])} to ${formatInr(after.controls[key])}`);
  }
  const [band, widerBand] = [before.controls.requoteBandPercent, after.controls.requoteBandPercent];
  if (new Money(widerBand).gt(new Money(band))) reasons.push(`It widens the re-quote band from ${band} % to ${widerBand} %`);
  if (before.controls.bankMatch === 'suggest' && after.controls.bankMatch === 'verify') {
    reasons.push('It lets a bank statement verify buy orders it matches exactly, without an admin');
  }
  if (before.controls.chainPayoutMismatch === 'refuse' && after.controls.chainPayoutMismatch === 'flag') {
    reasons.push('It lets an admin record a payout the chain shows is not the order’s (flagged instead of refused)');
  }
  return reasons;
}

function raisedMaxima(before: Settings, after: Settings): string[] {
  const reasons: string[] = [];
  const [buy, buyAfter] = [before.limits.buyInr.max, after.limits.buyInr.max];
  if (BigInt(buyAfter) > BigInt(buy)) reasons.push(`It raises the largest buy order from ${formatInr(buy)} to ${formatInr(buyAfter)}`);
  const [sell, sellAfter] = [before.limits.sellUsdt.max, after.limits.sellUsdt.max];
  if (BigInt(sellAfter) > BigInt(sell)) reasons.push(`It raises the largest sell order from ${sell} USDT to ${sellAfter} USDT`);
  return reasons;
}

/** The four rates an order is priced at (each falling back to the base rate, then 85), as people name them. */
export const PRICED_RATES: readonly { side: Side; method: SettlementMethod; words: string }[] = [
  { side: 'buy', method: 'bank', words: 'bank buy rate' },
  { side: 'sell', method: 'bank', words: 'bank sell rate' },
  { side: 'buy', method: 'cash', words: 'cash buy rate' },
  { side: 'sell', method: 'cash', words: 'cash sell rate' },
];

/**
 * Each priced rate the change moves, when where it lands is further than the band in force from
 * its agreed rate. The band compared is the one in force, not one the same change sets.
 */
function ratesFromAgreed(before: Settings, after: Settings, agreed: AgreedRates): string[] {
  const band = before.controls.requoteBandPercent;
  return PRICED_RATES.flatMap(({ side, method, words }) => {
    const [was, now] = [selectRate(before.rates, side, method).rate, selectRate(after.rates, side, method).rate];
    if (new Money(was).eq(new Money(now))) return [];
    const anchor = agreedRate(agreed, side, method);
    if (!outsideBand(anchor.rate, now, band)) return [];
    const moved = bandDistancePercent(anchor.rate, now).toDecimalPlaces(2, Money.ROUND_UP).toString();
    return [
      `It moves the ${words} from ${was} to ${now}, ${moved} % from its agreed rate ${anchor.rate} (${agreedAtWords(anchor.setAt)}), further than the ${band} % re-quote band`,
    ];
  });
}
