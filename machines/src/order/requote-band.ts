/**
 * The re-quote band: how far a new rate may move from the rate in force before a second admin must
 * look at it. A re-quote at completion, or a change of a rate in the Global Settings or a brand's
 * overrides, further than `requoteBandPercent` from the rate in force needs a different admin to
 * confirm it, whatever the amount: a rate is where one keystroke moves the most money (a ₹1,000 buy
 * re-quoted at 0.01 pays out 100,000 USDT). Pure.
 */
import { Money } from '../pricing/decimal';

/** How far `rate` is from `reference`, in percent of `reference` (never negative). */
export function bandDistancePercent(reference: string, rate: string): Money {
  const from = new Money(reference);
  return new Money(rate).minus(from).abs().div(from).times(100);
}

/** Whether `rate` lies further than `bandPercent` from `reference` (on the band's edge is inside). */
export function outsideBand(reference: string, rate: string, bandPercent: string): boolean {
  return bandDistancePercent(reference, rate).gt(new Money(bandPercent));
}
