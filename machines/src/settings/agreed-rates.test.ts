import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings.schema';
import { agreedRate, agreedRatesOf } from './agreed-rates';

describe("a brand's agreed rates", () => {
  const global = { rates: { ...DEFAULT_SETTINGS.rates, usdt_cash_buy: '0', usdt_bank_buy: '86' }, setAt: '2026-11-20T10:00:00.000Z' };

  it('are the global agreed rates with its agreed override rates laid over them, each with when it was agreed', () => {
    const agreed = agreedRatesOf(global, {
      overrides: { rates: { usdt_bank_buy: '91.5' }, fees: { fiatToCryptoPercent: '1' } },
      setAt: '2026-11-21T09:00:00.000Z',
    });
    expect(agreedRate(agreed, 'buy', 'bank')).toEqual({ rate: '91.5', setAt: '2026-11-21T09:00:00.000Z' });
    expect(agreedRate(agreed, 'buy', 'cash')).toEqual({ rate: '85', setAt: '2026-11-20T10:00:00.000Z' });
  });

  it('fall back as prices do: a brand agreed base rate prices its rates the global agreed leaves at 0', () => {
    const agreed = agreedRatesOf(global, { overrides: { rates: { usdtInr: '90' } }, setAt: null });
    expect(agreedRate(agreed, 'buy', 'cash')).toEqual({ rate: '90', setAt: null });
    expect(agreedRate(agreedRatesOf({ rates: { ...global.rates, usdtInr: '0' }, setAt: null }), 'buy', 'cash')).toEqual({ rate: '85', setAt: null });
  });
});
