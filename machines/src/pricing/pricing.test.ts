import { describe, expect, it } from 'vitest';
import {
  cleanAmountInput,
  formatInr,
  formatUsdt,
  groupIndian,
  quoteBuy,
  quoteSell,
  selectFeePercent,
  selectRate,
  validateBuyAmount,
  validateSellAmount,
} from './pricing';

describe('selectRate', () => {
  const rates = { usdtInr: 87, usdt_bank_buy: '88.5', usdt_bank_sell: 86, usdt_cash_buy: '89.25', usdt_cash_sell: '85.75' };

  it.each([
    ['buy', 'bank', '88.5', 'usdt_bank_buy'],
    ['buy', 'cash', '89.25', 'usdt_cash_buy'],
    ['sell', 'bank', '86', 'usdt_bank_sell'],
    ['sell', 'cash', '85.75', 'usdt_cash_sell'],
  ] as const)('%s by %s uses %s (%s)', (side, method, rate, rateKey) => {
    expect(selectRate(rates, side, method)).toEqual({ rate, rateKey });
  });

  it('falls back to usdtInr when the specific rate is missing or not above 0', () => {
    for (const specific of [undefined, null, 0, -1, '0', '0.00', 'abc', '', Number.NaN, '1e2']) {
      expect(selectRate({ usdtInr: '87.10', usdt_cash_sell: specific }, 'sell', 'cash')).toEqual({ rate: '87.1', rateKey: 'usdtInr' });
    }
  });

  it('falls back to 85 when neither is usable', () => {
    expect(selectRate({ usdtInr: 0, usdt_bank_buy: null }, 'buy', 'bank')).toEqual({ rate: '85', rateKey: 'default' });
    expect(selectRate(undefined, 'sell', 'bank')).toEqual({ rate: '85', rateKey: 'default' });
  });
});

describe('selectFeePercent', () => {
  it('takes the side fee and treats missing or out-of-range values as 0', () => {
    const fees = { fiatToCryptoPercent: 0.5, cryptoToFiatPercent: '1.25' };
    expect(selectFeePercent(fees, 'buy')).toBe('0.5');
    expect(selectFeePercent(fees, 'sell')).toBe('1.25');
    expect(selectFeePercent({ fiatToCryptoPercent: -1 }, 'buy')).toBe('0');
    expect(selectFeePercent({ cryptoToFiatPercent: '101' }, 'sell')).toBe('0');
    expect(selectFeePercent(null, 'buy')).toBe('0');
  });
});

describe('quoteBuy', () => {
  it("records ₹25,000 at ₹85 as 294.11 USDT: 294.1176... is cut to the cent, in the operator's favour (decision 0006)", () => {
    expect(quoteBuy({ fiatAmount: '25000', rate: '85', feePercent: '0' })).toMatchObject({ grossUsdt: '294.11', netUsdt: '294.11' });
  });

  it.each([
    ['rounds the USDT bought down, to 2 decimals', { fiatAmount: '1000', rate: '88.5', feePercent: '0' }, ['11.29', '0.00', '11.29']],
    // 1000 / 88.5 = 11.2994...; 0.5% of 11.29 = 0.05645, charged as 0.06.
    ['rounds the fee up, to 2 decimals', { fiatAmount: '1000', rate: 88.5, feePercent: 0.5 }, ['11.29', '0.06', '11.23']],
    ['leaves exact results alone', { fiatAmount: '8850', rate: '88.5', feePercent: '0.5' }, ['100.00', '0.50', '99.50']],
    [
      'handles amounts past float precision',
      { fiatAmount: '90071992547409930', rate: '1', feePercent: '1' },
      ['90071992547409930.00', '900719925474099.30', '89171272621935830.70'],
    ],
  ] as const)('%s', (_why, input, [grossUsdt, feeUsdt, netUsdt]) => {
    expect(quoteBuy(input)).toEqual({ fiatAmount: input.fiatAmount, grossUsdt, feeUsdt, netUsdt });
  });

  it('cuts ₹25,000 at ₹88.945 (281.0726...) to 281.07 USDT', () => {
    expect(quoteBuy({ fiatAmount: '25000', rate: '88.945', feePercent: '0' }).netUsdt).toBe('281.07');
  });

  it('refuses input that was not validated', () => {
    expect(() => quoteBuy({ fiatAmount: '10.5', rate: '88', feePercent: '0' })).toThrow(RangeError);
    expect(() => quoteBuy({ fiatAmount: '0', rate: '88', feePercent: '0' })).toThrow(RangeError);
    expect(() => quoteBuy({ fiatAmount: '100', rate: '0', feePercent: '0' })).toThrow(/rate/);
    expect(() => quoteBuy({ fiatAmount: '100', rate: '88', feePercent: '150' })).toThrow(/feePercent/);
  });
});

describe('quoteSell', () => {
  it.each([
    // 7 × 88.37 = 618.59 -> 618; 0.5% of 618 = 3.09 -> 4.
    ['7', '88.37', '0.5', ['7.00', '618', '4', '614']],
    ['100', 86, 0.5, ['100.00', '8600', '43', '8557']],
    ['3', '85.999', '0', ['3.00', '257', '0', '257']],
  ] as const)(
    'pays whole rupees for %s USDT at %s, a fee of %s percent: gross down, fee up',
    (cryptoAmount, rate, feePercent, [usdt, grossInr, feeInr, netInr]) => {
      expect(quoteSell({ cryptoAmount, rate, feePercent })).toEqual({ cryptoAmount: usdt, grossInr, feeInr, netInr });
    },
  );

  it('refuses a fractional USDT amount', () => {
    expect(() => quoteSell({ cryptoAmount: '1.5', rate: '86', feePercent: '0' })).toThrow(/cryptoAmount/);
  });
});

describe('amount validation', () => {
  it.each([
    ['', 'Enter INR amount'],
    ['   ', 'Enter INR amount'],
    ['abc', 'Enter a valid positive amount'],
    ['-500', 'Enter a valid positive amount'],
    ['0', 'Enter a valid positive amount'],
    ['0.00', 'Enter a valid positive amount'],
    ['1e3', 'Enter a valid positive amount'],
    ['500.5', 'INR amount must be a whole number'],
    ['500.', 'INR amount must be a whole number'],
    ['1,00,000', null],
    [' 2500 ', null],
  ])('buy %j -> %j', (input, expected) => {
    expect(validateBuyAmount(input)).toBe(expected);
  });

  it.each([
    ['', 'Enter USDT amount'],
    ['ten', 'Enter a valid positive amount'],
    ['0', 'Enter a valid positive amount'],
    ['-3', 'Enter a valid positive amount'],
    ['12.5', 'USDT amount must be a whole number'],
    ['1,000', 'Enter a valid positive amount'],
    ['150', null],
  ])('sell %j -> %j', (input, expected) => {
    expect(validateSellAmount(input)).toBe(expected);
  });

  it('cleans the buy field for quoting', () => {
    expect(cleanAmountInput(' 1,00,000 ')).toBe('100000');
  });
});

describe('formatting', () => {
  it('groups digits the Indian way', () => {
    expect(['', '7', '999', '1000', '100000', '1000000', '1,00,000', '12a'].map(groupIndian)).toEqual([
      '',
      '7',
      '999',
      '1,000',
      '1,00,000',
      '10,00,000',
      '1,00,000',
      '12a',
    ]);
  });

  it('shows INR in en-IN with 0 to 2 decimals', () => {
    expect(formatInr('1000000')).toBe('₹10,00,000');
    expect(formatInr('1234567.891')).toBe('₹12,34,567.89');
    expect(formatInr('1000.50')).toBe('₹1,000.5');
    expect(formatInr('999.999')).toBe('₹1,000');
    expect(formatInr('-2500')).toBe('-₹2,500');
    expect(formatInr('-0.001')).toBe('₹0');
    expect(formatInr('12345678901234567890')).toBe('₹1,23,45,67,89,01,23,45,67,890');
    expect(formatInr('n/a')).toBe('n/a');
  });

  it('matches Intl en-IN for ordinary amounts', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    for (const amount of ['0', '5', '12.3', '4567.89', '250000', '98765432.1']) {
      expect(formatInr(amount)).toBe(intl.format(Number(amount)));
    }
  });

  it('shows USDT with 2 decimals and the suffix', () => {
    expect(formatUsdt('281.07')).toBe('281.07 USDT');
    expect(formatUsdt('12')).toBe('12.00 USDT');
    expect(formatUsdt('0.005')).toBe('0.01 USDT');
    expect(formatUsdt('-0.001')).toBe('0.00 USDT');
  });
});
