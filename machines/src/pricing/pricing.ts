/**
 * Rates, fees and quotes for orders, in decimal arithmetic (never JS floats).
 *
 * Money decisions:
 * - INR is always whole rupees; USDT always has 2 decimals.
 * - Each rounding step goes in the operator's favour and costs the customer less than one unit
 *   (₹1 or 0.01 USDT): what the customer receives is rounded down, the fee is rounded up.
 *   Buy: gross USDT = INR / rate, down to 0.01; fee = gross × fee% / 100, up to 0.01.
 *   Sell: gross INR = USDT × rate, down to ₹1; fee = gross × fee% / 100, up to ₹1.
 *   Net = gross − fee, so the net never needs rounding of its own.
 * - A rate that is missing or not above 0 falls back to the generic USDT/INR rate, then to 85
 *   (rate-choice.ts, which loads no decimal library: the landing page uses it).
 */
import { Money, parseDecimal } from './decimal';

export { cleanAmountInput, validateBuyAmount, validateSellAmount } from './amount-input';
export { formatInr, formatUsdt, groupIndian } from './money-format';

export {
  DEFAULT_RATE,
  selectFeePercent,
  selectRate,
  type FeeTable,
  type RateKey,
  type RateTable,
  type SelectedRate,
  type SettlementMethod,
  type Side,
} from './rate-choice';
export interface BuyQuote {
  fiatAmount: string;
  grossUsdt: string;
  feeUsdt: string;
  netUsdt: string;
}

export interface SellQuote {
  cryptoAmount: string;
  grossInr: string;
  feeInr: string;
  netInr: string;
}

interface QuoteInput {
  rate: string | number;
  feePercent: string | number;
}

export function quoteBuy(input: QuoteInput & { fiatAmount: string }): BuyQuote {
  const fiat = wholeAmount(input.fiatAmount, 'fiatAmount');
  const { rate, fee } = terms(input);
  const usdt = grossLessFee(fiat.div(rate), fee, 2);
  return { fiatAmount: fiat.toFixed(0), grossUsdt: usdt.gross, feeUsdt: usdt.fee, netUsdt: usdt.net };
}

export function quoteSell(input: QuoteInput & { cryptoAmount: string }): SellQuote {
  const crypto = wholeAmount(input.cryptoAmount, 'cryptoAmount');
  const { rate, fee } = terms(input);
  const inr = grossLessFee(crypto.times(rate), fee, 0);
  return { cryptoAmount: crypto.toFixed(2), grossInr: inr.gross, feeInr: inr.fee, netInr: inr.net };
}

/**
 * The one rounding rule of both sides, at the paid currency's places (USDT 2, INR 0): the gross down,
 * the fee up, the net what is left, so each step favours the operator by less than one unit.
 */
function grossLessFee(exact: Money, feePercent: Money, places: number): { gross: string; fee: string; net: string } {
  const gross = exact.toDecimalPlaces(places, Money.ROUND_DOWN);
  const fee = gross.times(feePercent).div(100).toDecimalPlaces(places, Money.ROUND_UP);
  return { gross: gross.toFixed(places), fee: fee.toFixed(places), net: gross.minus(fee).toFixed(places) };
}

// Quotes are computed from checked input only: a bad amount or rate is a caller bug, not a zero.
function wholeAmount(value: string, name: string): Money {
  if (!/^\d+$/.test(value.trim()) || !/[1-9]/.test(value)) {
    throw new RangeError(`${name} must be a positive whole number, got "${value}"`);
  }
  return new Money(value.trim());
}

function terms(input: QuoteInput): { rate: Money; fee: Money } {
  const rate = parseDecimal(input.rate);
  if (rate === null || !rate.gt(0)) throw new RangeError(`rate must be a positive decimal, got "${input.rate}"`);
  const fee = parseDecimal(input.feePercent);
  if (fee === null || fee.lt(0) || fee.gt(100)) {
    throw new RangeError(`feePercent must be between 0 and 100, got "${input.feePercent}"`);
  }
  return { rate, fee };
}
