import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settings.schema';
import { applyOverrides } from '../settings/effective-settings';
import type { TenantBankAccount, TenantWallet } from '../tenants/tenant.events';
import { secondAdminReasons } from './needs-second-admin';

/** Given the settings in force, when a change would make them `after`, then these reasons. */
const givenSettings = (before: Settings) => ({
  whenChangedTo: (after: Partial<{ [K in keyof Settings]: Partial<Settings[K]> }>) => {
    const next: Settings = {
      rates: { ...before.rates, ...after.rates },
      fees: { ...before.fees, ...after.fees },
      limits: { ...before.limits, ...after.limits },
      controls: { ...before.controls, ...after.controls },
    };
    return secondAdminReasons({ kind: 'settings', before, after: next });
  },
});

const hdfc: TenantBankAccount = { bankName: 'HDFC Bank', accountName: 'Brand B', accountNumber: '50200011112222', ifsc: 'HDFC0000123', isActive: true };
const icici: TenantBankAccount = { bankName: 'ICICI Bank', accountName: 'Brand B', accountNumber: '000405012345', ifsc: 'ICIC0000004', isActive: true };
const tron: TenantWallet = { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrFileId: 'f1', isActive: true };

const givenAccounts = (bankAccounts: TenantBankAccount[], cryptoWallets: TenantWallet[] = []) => ({
  whenSaved: (after: { bankAccounts?: TenantBankAccount[]; cryptoWallets?: TenantWallet[] }) =>
    secondAdminReasons({ kind: 'payment_accounts', before: { bankAccounts, cryptoWallets }, after }),
});

describe('which changes to the settings need a second admin', () => {
  it('turning four eyes off, the finding: one admin alone may no longer do it', () => {
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ controls: { fourEyesAboveInr: '0' } })).toEqual([
      'It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000',
    ]);
  });

  it('raising a control or a per-order maximum, or widening the band, needs one; lowering them does not', () => {
    expect(
      givenSettings(DEFAULT_SETTINGS).whenChangedTo({
        controls: { fourEyesAboveInr: '300000', customerDailyInr: '0', customerMonthlyInr: '6000000', requoteBandPercent: '5' },
        limits: { buyInr: { min: '100', max: '2000000' }, sellUsdt: { min: '1', max: '12001' } },
      }),
    ).toEqual([
      'It raises the four-eyes threshold (a second admin above this amount) from ₹2,00,000 to ₹3,00,000',
      "It turns off customers' daily limit, which was ₹10,00,000",
      "It raises customers' monthly limit from ₹50,00,000 to ₹60,00,000",
      'It widens the re-quote band from 2 % to 5 %',
      'It raises the largest buy order from ₹10,00,000 to ₹20,00,000',
      'It raises the largest sell order from 12000 USDT to 12001 USDT',
    ]);
    expect(
      givenSettings(DEFAULT_SETTINGS).whenChangedTo({
        controls: { fourEyesAboveInr: '100000', customerDailyInr: '500000', requoteBandPercent: '1' },
        limits: { buyInr: { min: '5000', max: '500000' }, sellUsdt: { min: '10', max: '100' } },
        fees: { fiatToCryptoPercent: '3', cryptoToFiatPercent: '0' },
      }),
    ).toEqual([]);
  });

  it('switching a control on that was off tightens it', () => {
    const off = { ...DEFAULT_SETTINGS, controls: { ...DEFAULT_SETTINGS.controls, fourEyesAboveInr: '0', customerDailyInr: '0' } };
    expect(givenSettings(off).whenChangedTo({ controls: { fourEyesAboveInr: '900000000', customerDailyInr: '1' } })).toEqual([]);
  });

  it('a rate moved further than the band in force needs one; within it, or on its edge, it does not', () => {
    // The base rate is 85 and every priced rate falls back to it.
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ rates: { usdt_bank_buy: '86.7' } })).toEqual([]);
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ rates: { usdt_bank_buy: '86.71' } })).toEqual([
      'It moves the bank buy rate from 85 to 86.71 (2.02 %), further than the 2 % re-quote band',
    ]);
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ rates: { usdt_cash_sell: '0.01' } })).toEqual([
      'It moves the cash sell rate from 85 to 0.01 (99.99 %), further than the 2 % re-quote band',
    ]);
  });

  it('moving the base rate moves every rate that falls back to it, and unsetting a rate falls back', () => {
    const set = { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '86', usdt_bank_sell: '84', usdt_cash_buy: '86.5' } };
    expect(givenSettings(set).whenChangedTo({ rates: { usdtInr: '95' } })).toEqual([
      'It moves the cash sell rate from 85 to 95 (11.77 %), further than the 2 % re-quote band',
    ]);
    expect(givenSettings(set).whenChangedTo({ rates: { usdt_bank_buy: '0' } })).toEqual([]);
    expect(givenSettings(set).whenChangedTo({ rates: { usdtInr: '70', usdt_bank_buy: '0' } })).toEqual([
      'It moves the bank buy rate from 86 to 70 (18.61 %), further than the 2 % re-quote band',
      'It moves the cash sell rate from 85 to 70 (17.65 %), further than the 2 % re-quote band',
    ]);
  });

  it('compares against the band in force, not the band the same change sets', () => {
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ controls: { requoteBandPercent: '1' }, rates: { usdt_bank_buy: '86.5' } })).toEqual([]);
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ controls: { requoteBandPercent: '10' }, rates: { usdt_bank_buy: '90' } })).toEqual([
      'It widens the re-quote band from 2 % to 10 %',
      'It moves the bank buy rate from 85 to 90 (5.89 %), further than the 2 % re-quote band',
    ]);
  });

  it("judges a brand's overrides by what its customers get before and after", () => {
    const global = { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '90' } };
    const before = applyOverrides(global, { rates: { usdt_bank_buy: '89' } });
    // Removing the override moves the brand's rate to the global 90: within the band.
    expect(secondAdminReasons({ kind: 'settings', before, after: applyOverrides(global, {}) })).toEqual([]);
    const after = applyOverrides(global, { rates: { usdt_bank_buy: '89' }, controls: { fourEyesAboveInr: '0' } });
    expect(secondAdminReasons({ kind: 'settings', before, after })).toEqual([
      'It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000',
    ]);
  });
});

describe('roles and staff accounts always need a second admin', () => {
  it('granting or removing admin or compliance', () => {
    expect(secondAdminReasons({ kind: 'roles', before: [], after: ['admin'] })).toEqual(['It grants the admin role']);
    expect(secondAdminReasons({ kind: 'roles', before: ['admin', 'compliance'], after: ['admin'] })).toEqual(['It removes the compliance officer role']);
    expect(secondAdminReasons({ kind: 'roles', before: ['admin'], after: ['admin'] })).toEqual([]);
  });

  it('a new account with a staff role, never a customer', () => {
    expect(secondAdminReasons({ kind: 'staff_account', roles: ['admin', 'compliance'] })).toEqual([
      'It creates an account with the admin role',
      'It creates an account with the compliance officer role',
    ]);
    expect(secondAdminReasons({ kind: 'staff_account', roles: [] })).toEqual([]);
  });
});

describe("where a brand's customers pay", () => {
  it('adding a bank account or a wallet needs a second admin', () => {
    expect(givenAccounts([hdfc]).whenSaved({ bankAccounts: [hdfc, icici] })).toEqual([
      'It adds or changes a bank account customers pay into: ICICI Bank, account 000405012345 (IFSC ICIC0000004, in the name of Brand B)',
    ]);
    expect(givenAccounts([]).whenSaved({ cryptoWallets: [tron] })).toEqual([
      'It adds or changes a deposit wallet customers pay into: TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t (QR image stored on the desk)',
    ]);
  });

  it('changing any field of one, its QR image included, needs one', () => {
    expect(givenAccounts([hdfc]).whenSaved({ bankAccounts: [{ ...hdfc, accountNumber: '50200099998888' }] })).toHaveLength(1);
    expect(givenAccounts([], [tron]).whenSaved({ cryptoWallets: [{ ...tron, qrFileId: null, qrUrl: 'https://evil.example/qr.png' }] })).toEqual([
      'It adds or changes a deposit wallet customers pay into: TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t (QR image from https://evil.example/qr.png)',
    ]);
  });

  it('activating one needs one; deactivating or removing one applies at once', () => {
    const off = { ...hdfc, isActive: false };
    expect(givenAccounts([off, icici]).whenSaved({ bankAccounts: [hdfc, icici] })).toEqual([
      'It activates the bank account HDFC Bank, account 50200011112222 (IFSC HDFC0000123, in the name of Brand B)',
    ]);
    expect(givenAccounts([hdfc, icici]).whenSaved({ bankAccounts: [off, icici] })).toEqual([]);
    expect(givenAccounts([hdfc, icici], [tron]).whenSaved({ bankAccounts: [icici], cryptoWallets: [] })).toEqual([]);
  });

  it('reads a list sent back in another order, or with alike entries, as it is', () => {
    const off = { ...hdfc, isActive: false };
    expect(givenAccounts([hdfc, icici]).whenSaved({ bankAccounts: [icici, hdfc] })).toEqual([]);
    expect(givenAccounts([hdfc, off]).whenSaved({ bankAccounts: [off, hdfc] })).toEqual([]);
  });

  it('a mixed change needs a second admin for what widens', () => {
    expect(givenAccounts([hdfc], [tron]).whenSaved({ bankAccounts: [], cryptoWallets: [tron, { ...tron, address: 'TXYZ', qrFileId: 'f2' }] })).toHaveLength(1);
  });
});
