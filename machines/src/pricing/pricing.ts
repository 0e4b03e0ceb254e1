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
  const gross = fiat.div(rate).toDecimalPlaces(2, Money.ROUND_DOWN);
  const feeUsdt = gross.times(fee).div(100).toDecimalPlaces(2, Money.ROUND_UP);
  return {
    fiatAmount: fiat.toFixed(0),
    grossUsdt: gross.toFixed(2),
    feeUsdt: feeUsdt.toFixed(2),
    netUsdt: gross.minus(feeUsdt).toFixed(2),
  };
}

export function quoteSell(input: QuoteInput & { cryptoAmount: string }): SellQuote {
  const crypto = wholeAmount(input.cryptoAmount, 'cryptoAmount');
  const { rate, fee } = terms(input);
  const gross = crypto.times(rate).toDecimalPlaces(0, Money.ROUND_DOWN);
  const feeInr = gross.times(fee).div(100).toDecimalPlaces(0, Money.ROUND_UP);
  return {
    cryptoAmount: crypto.toFixed(2),
    grossInr: gross.toFixed(0),
    feeInr: feeInr.toFixed(0),
    netInr: gross.minus(feeInr).toFixed(0),
  };
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
