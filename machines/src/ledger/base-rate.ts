/**
 * The base rate an order's spread is measured from (docs/ledger.md, "The spread"): the brand's
 * USDT/INR rate (`usdtInr`, the rate the public config shows and every buy and sell rate falls back
 * to) as it stood at the settings revisions the order records (`rateSource.settingsRevision` of
 * `settings-default`, `rateSource.overrideRevision` of the brand's `tenant-<id>` stream). The events
 * carry every revision's whole settings, so the rate is known exactly, not guessed from today's.
 */
import { DEFAULT_RATE } from '../pricing/pricing';
import { parseDecimal } from '../pricing/decimal';
import { DEFAULT_SETTINGS } from '../settings/settings.schema';
import type { OrderPlaced } from '../order/order.events';

/** The USDT/INR rate a settings stream held from `position` on: the global one, or a brand's override (null: it follows the global one). */
export interface RateMark {
  position: number;
  usdtInr: string | null;
}

/** What the books know of the settings streams: the global marks, and each brand's. */
export interface RateHistory {
  global: RateMark[];
  brands: Map<string, RateMark[]>;
}

export const emptyRateHistory = (): RateHistory => ({ global: [], brands: new Map() });

/** The mark in force at `revision`: the latest at or before it. */
function markAt(marks: readonly RateMark[] | undefined, revision: number): RateMark | null {
  let found: RateMark | null = null;
  for (const mark of marks ?? []) if (mark.position <= revision && (found === null || mark.position >= found.position)) found = mark;
  return found;
}

const revisionOf = (text: string | null | undefined): number | null => (text && /^\d+$/.test(text) ? Number(text) : null);

/** The brand's USDT/INR rate when the order was placed; like the prices, a rate not above 0 falls back to 85. */
export function baseRate(history: RateHistory, placed: Pick<OrderPlaced['data'], 'tenantId' | 'rateSource'>): string {
  const { settingsRevision, overrideRevision } = placed.rateSource;
  const brandRevision = revisionOf(overrideRevision);
  const own = brandRevision === null ? null : markAt(history.brands.get(placed.tenantId), brandRevision)?.usdtInr;
  const globalRevision = revisionOf(settingsRevision);
  const global = globalRevision === null ? DEFAULT_SETTINGS.rates.usdtInr : (markAt(history.global, globalRevision)?.usdtInr ?? DEFAULT_SETTINGS.rates.usdtInr);
  const rate = parseDecimal(own ?? global);
  return rate?.gt(0) ? rate.toFixed() : DEFAULT_RATE;
}

/** The revisions a placement needs to know the base rate: what the projection loads before a batch. */
export function revisionsNeeded(placed: Pick<OrderPlaced['data'], 'tenantId' | 'rateSource'>): { global: number | null; brand: number | null } {
  return { global: revisionOf(placed.rateSource.settingsRevision), brand: revisionOf(placed.rateSource.overrideRevision) };
}
