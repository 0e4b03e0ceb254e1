/**
 * Which rate and fee percent a side and method trade at (seed-spec section 9): the method's own
 * rate, else the generic USDT/INR rate, else 85; a rate counts only when above 0. One rule for the
 * orders the server prices and for every screen that shows a rate, the public landing page too.
 *
 * No decimal library here, so the landing page can show its rates without loading one
 * (docs/performance.md): a rate is a plain decimal read digit by digit, and written as decimal.js
 * writes it for the values a rate can hold (leading and trailing zeros dropped: "088.50" -> "88.5").
 */
export type Side = 'buy' | 'sell';
export type SettlementMethod = 'bank' | 'cash';
type RateInput = number | string | null | undefined;

export interface RateTable {
  usdtInr?: RateInput;
  usdt_bank_buy?: RateInput;
  usdt_bank_sell?: RateInput;
  usdt_cash_buy?: RateInput;
  usdt_cash_sell?: RateInput;
}

export interface FeeTable {
  fiatToCryptoPercent?: RateInput;
  cryptoToFiatPercent?: RateInput;
}

export type RateKey = 'usdt_bank_buy' | 'usdt_bank_sell' | 'usdt_cash_buy' | 'usdt_cash_sell' | 'usdtInr' | 'default';

export const DEFAULT_RATE = '85';

export interface SelectedRate {
  rate: string;
  rateKey: RateKey;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A plain decimal ("088.50", -1, 87) in its shortest form ("88.5", "-1", "87"); null for anything else (exponents, blanks, NaN). */
export function plainDecimal(value: unknown): { negative: boolean; zero: boolean; text: string } | null {
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = PLAIN_DECIMAL.exec(raw);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  const zero = /^0+$/.test(wholeDigits) && fractionDigits === '';
  const negative = sign === '-' && !zero;
  return { negative, zero, text: `${negative ? '-' : ''}${wholeDigits}${fractionDigits ? `.${fractionDigits}` : ''}` };
}

const aboveZero = (value: unknown): string | null => {
  const parsed = plainDecimal(value);
  return parsed && !parsed.negative && !parsed.zero ? parsed.text : null;
};

export function selectRate(rates: RateTable | null | undefined, side: Side, method: SettlementMethod): SelectedRate {
  const specific: RateKey = `usdt_${method}_${side}`;
  for (const key of [specific, 'usdtInr'] as const) {
    const rate = aboveZero(rates?.[key]);
    if (rate !== null) return { rate, rateKey: key };
  }
  return { rate: DEFAULT_RATE, rateKey: 'default' };
}

/** Whether a configured rate is set (above 0), as the landing page's rate cards ask (seed-spec section 2). */
export const isRateSet = (value: unknown): boolean => aboveZero(value) !== null;

/** Buy uses the fiat-to-crypto fee, sell the crypto-to-fiat one; missing or out of range (below 0, above 100) is 0. */
export function selectFeePercent(fees: FeeTable | null | undefined, side: Side): string {
  const fee = plainDecimal(side === 'buy' ? fees?.fiatToCryptoPercent : fees?.cryptoToFiatPercent);
  if (!fee || fee.negative) return '0';
  const [whole = '0', fraction = ''] = fee.text.split('.');
  const overHundred = whole.length > 3 || Number(whole) > 100 || (Number(whole) === 100 && fraction !== '');
  return overHundred ? '0' : fee.text;
}
