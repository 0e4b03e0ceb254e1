import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settings.schema';
import { decideBuy, decideSell, NO_DEPOSIT_ADDRESS, NOTHING_AFTER_FEES, type TermsInForce } from './order-placement.decide';

const customer = { userId: 'user-1', userPhone: '+919800000001', username: 'asha', tenantId: 'tenant-b' };
const times = { paymentWindowMinutes: 60, rateLockMinutes: 5 };
const now = new Date('2026-01-10T10:00:00.000Z');
const settings: Settings = {
  ...DEFAULT_SETTINGS,
  rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '88.5', usdt_cash_sell: '86' },
  fees: { fiatToCryptoPercent: '0.5', cryptoToFiatPercent: '1' },
};
const terms: TermsInForce = { settings, settingsRevision: '3', overrideRevision: '7' };
const BUY = { fiatAmount: '10000', network: 'TRC20' as const, withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' as const };

describe('placing an order, decided', () => {
  it("prices a buy at the brand's rate, records where it came from, and dates the rate lock and payment window", () => {
    expect(decideBuy(customer, BUY, terms, times, now)).toEqual({
      ...customer,
      orderType: 'fiat_to_crypto',
      method: 'bank',
      network: 'TRC20',
      rate: '88.5',
      rateSource: { settingsRevision: '3', overrideRevision: '7', rateKey: 'usdt_bank_buy' },
      feePercent: '0.5',
      // 10000 / 88.5 = 112.99 gross; fee 0.57; net 112.42
      fiatAmount: '10000',
      cryptoAmount: '112.42',
      feeAmount: '0.57',
      withdrawAddress: BUY.withdrawAddress,
      depositAddress: null,
      payoutBankAccount: null,
      placedAt: '2026-01-10T10:00:00.000Z',
      rateLockedUntil: '2026-01-10T10:05:00.000Z',
      paymentDueAt: '2026-01-10T11:00:00.000Z',
    });
  });

  it("prices a sell by cash at the cash rate, to the brand's deposit address, before any settings change", () => {
    const sell = decideSell(
      customer,
      { cryptoAmount: '100', network: 'TRC20', method: 'cash', payoutBankAccount: null, depositAddress: 'TDeposit' },
      { settings, settingsRevision: null, overrideRevision: null },
      times,
      now,
    );
    expect(sell).toMatchObject({
      rate: '86',
      rateSource: { settingsRevision: 'defaults', overrideRevision: null, rateKey: 'usdt_cash_sell' },
      cryptoAmount: '100.00',
      fiatAmount: '8514',
      feeAmount: '86',
      depositAddress: 'TDeposit',
    });
  });

  it("refuses an amount outside the brand's limits, with the limit in the message", () => {
    expect(() => decideBuy(customer, { ...BUY, fiatAmount: '99' }, terms, times, now)).toThrow(
      expect.objectContaining({ path: 'fiatAmount', message: 'Minimum order amount is ₹100' }),
    );
    expect(() =>
      decideSell(customer, { cryptoAmount: '12001', network: 'TRC20', method: 'cash', payoutBankAccount: null, depositAddress: null }, terms, times, now),
    ).toThrow(expect.objectContaining({ path: 'cryptoAmount', message: 'Maximum order amount is 12000 USDT' }));
  });

  it('refuses when the customer was shown another rate, naming the rate in force', () => {
    expect(() => decideBuy(customer, { ...BUY, expectedRate: '87' }, terms, times, now)).toThrow(
      expect.objectContaining({ code: 'rate_changed', currentRate: '88.5' }),
    );
    expect(decideBuy(customer, { ...BUY, expectedRate: '88.50' }, terms, times, now).rate).toBe('88.5');
  });

  it('refuses amounts past the bounds, however high the limits were set', () => {
    const wide: TermsInForce = {
      ...terms,
      settings: {
        ...settings,
        rates: { ...settings.rates, usdt_cash_sell: '100000' },
        limits: { ...settings.limits, sellUsdt: { min: '1', max: '999999999999' } },
      },
    };
    expect(() =>
      decideSell(
        customer,
        { cryptoAmount: '999999999999', network: 'TRC20', method: 'cash', payoutBankAccount: null, depositAddress: 'TDeposit' },
        wide,
        times,
        now,
      ),
    ).toThrow(expect.objectContaining({ kind: 'invalid', path: 'fiatAmount' }));
  });

  it('refuses a sell when the brand has no active TRC20 wallet to receive the USDT: 409, before anything is placed', () => {
    expect(() =>
      decideSell(customer, { cryptoAmount: '100', network: 'TRC20', method: 'cash', payoutBankAccount: null, depositAddress: null }, terms, times, now),
    ).toThrow(expect.objectContaining({ kind: 'conflict', code: 'no_deposit_address', message: NO_DEPOSIT_ADDRESS }));
  });

  it('refuses an order that would pay out nothing once the fee is taken', () => {
    // Given a brand whose fees take everything, and limits low enough to let a tiny buy through
    const greedy: TermsInForce = {
      ...terms,
      settings: {
        ...settings,
        fees: { fiatToCryptoPercent: '100', cryptoToFiatPercent: '100' },
        limits: { buyInr: { min: '1', max: '100000' }, sellUsdt: { min: '1', max: '12000' } },
      },
    };
    const sell = { cryptoAmount: '100', network: 'TRC20' as const, method: 'cash' as const, payoutBankAccount: null, depositAddress: 'TDeposit' };
    // When a sell or a buy is placed, then it is refused on its amount
    expect(() => decideSell(customer, sell, greedy, times, now)).toThrow(
      expect.objectContaining({ kind: 'invalid', path: 'cryptoAmount', message: NOTHING_AFTER_FEES }),
    );
    expect(() => decideBuy(customer, BUY, greedy, times, now)).toThrow(expect.objectContaining({ path: 'fiatAmount', message: NOTHING_AFTER_FEES }));
    // And a buy too small to buy a cent of USDT at the rate is refused the same way, even without a fee
    const atRate = (rate: string): TermsInForce => ({
      ...greedy,
      settings: { ...greedy.settings, rates: { ...settings.rates, usdt_bank_buy: rate }, fees: { fiatToCryptoPercent: '0', cryptoToFiatPercent: '0' } },
    });
    // ₹1 / 150 = 0.0066 USDT, down to 0.00
    expect(() => decideBuy(customer, { ...BUY, fiatAmount: '1' }, atRate('150'), times, now)).toThrow(expect.objectContaining({ message: NOTHING_AFTER_FEES }));
    expect(decideBuy(customer, { ...BUY, fiatAmount: '1' }, atRate('88.5'), times, now).cryptoAmount).toBe('0.01');
  });
});
