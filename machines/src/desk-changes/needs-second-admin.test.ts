import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settings.schema';
import { applyOverrides } from '../settings/effective-settings';
import { agreedRatesOf } from '../settings/agreed-rates';
import type { TenantBankAccount, TenantWallet } from '../tenants/tenant.events';
import { secondAdminReasons, type BrandUnderGlobal } from './needs-second-admin';

/** Given the settings in force, when a change would make them `after`, then these reasons. */
const givenSettings = (before: Settings) => ({
  whenChangedTo: (after: Partial<{ [K in keyof Settings]: Partial<Settings[K]> }>) => {
    const next: Settings = {
      rates: { ...before.rates, ...after.rates },
      fees: { ...before.fees, ...after.fees },
      limits: { ...before.limits, ...after.limits },
      controls: { ...before.controls, ...after.controls },
    };
    // The rates in force are the agreed ones (as at an upgrade, or right after a confirmation).
    return secondAdminReasons({ kind: 'settings', before, after: next, agreed: agreedRatesOf({ rates: before.rates, setAt: null }) });
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
      'It moves the bank buy rate from 85 to 86.71, 2.02 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ rates: { usdt_cash_sell: '0.01' } })).toEqual([
      'It moves the cash sell rate from 85 to 0.01, 99.99 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
  });

  it('moving the base rate moves every rate that falls back to it, and unsetting a rate falls back', () => {
    const set = { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '86', usdt_bank_sell: '84', usdt_cash_buy: '86.5' } };
    expect(givenSettings(set).whenChangedTo({ rates: { usdtInr: '95' } })).toEqual([
      'It moves the cash sell rate from 85 to 95, 11.77 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
    expect(givenSettings(set).whenChangedTo({ rates: { usdt_bank_buy: '0' } })).toEqual([]);
    expect(givenSettings(set).whenChangedTo({ rates: { usdtInr: '70', usdt_bank_buy: '0' } })).toEqual([
      'It moves the bank buy rate from 86 to 70, 18.61 % from its agreed rate 86 (in force when agreed rates began), further than the 2 % re-quote band',
      'It moves the cash sell rate from 85 to 70, 17.65 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
  });

  it('compares against the band in force, not the band the same change sets', () => {
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ controls: { requoteBandPercent: '1' }, rates: { usdt_bank_buy: '86.5' } })).toEqual([]);
    expect(givenSettings(DEFAULT_SETTINGS).whenChangedTo({ controls: { requoteBandPercent: '10' }, rates: { usdt_bank_buy: '90' } })).toEqual([
      'It widens the re-quote band from 2 % to 10 %',
      'It moves the bank buy rate from 85 to 90, 5.89 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
  });

  it("judges a brand's overrides by what its customers get before and after", () => {
    const global = { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '90' } };
    const before = applyOverrides(global, { rates: { usdt_bank_buy: '89' } });
    const agreed = agreedRatesOf({ rates: global.rates, setAt: null }, { overrides: { rates: { usdt_bank_buy: '89' } }, setAt: null });
    // Removing the override moves the brand's rate to the global 90: within the band.
    expect(secondAdminReasons({ kind: 'settings', before, after: applyOverrides(global, {}), agreed })).toEqual([]);
    const after = applyOverrides(global, { rates: { usdt_bank_buy: '89' }, controls: { fourEyesAboveInr: '0' } });
    expect(secondAdminReasons({ kind: 'settings', before, after, agreed })).toEqual([
      'It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000',
    ]);
  });
});

describe('a rate is measured from its agreed rate, never from the rate in force (the review F2: 85 to 1 in 234 steps of 1.99 %)', () => {
  const CONFIRMED = '2026-11-20T10:00:00.000Z';
  const agreed85 = agreedRatesOf({ rates: DEFAULT_SETTINGS.rates, setAt: CONFIRMED });
  const inForce = (usdt_bank_buy: string): Settings => ({ ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy } });
  const step = (from: string, to: string) => secondAdminReasons({ kind: 'settings', before: inForce(from), after: inForce(to), agreed: agreed85 });

  it('the first step inside the band applies at once; the next, inside the band of the rate in force but not of the agreed one, does not', () => {
    expect(step('85', '83.31')).toEqual([]);
    expect(step('83.31', '81.65')).toEqual([
      'It moves the bank buy rate from 83.31 to 81.65, 3.95 % from its agreed rate 85 (confirmed by a second admin on 2026-11-20 10:00 UTC), further than the 2 % re-quote band',
    ]);
  });

  it('a move back towards the agreed rate, into its band, applies at once; one still outside it does not', () => {
    expect(step('60', '84')).toEqual([]);
    expect(step('60', '80')).toEqual([
      'It moves the bank buy rate from 60 to 80, 5.89 % from its agreed rate 85 (confirmed by a second admin on 2026-11-20 10:00 UTC), further than the 2 % re-quote band',
    ]);
  });

  it('a change that leaves the rates where they are needs nothing for them, wherever they stand', () => {
    const far = inForce('60');
    expect(secondAdminReasons({ kind: 'settings', before: far, after: { ...far, fees: { ...far.fees, fiatToCryptoPercent: '1' } }, agreed: agreed85 })).toEqual(
      [],
    );
  });
});

describe('a change of the Global Settings is judged for every brand, through its effective settings (the review F1)', () => {
  const anchor = { rates: DEFAULT_SETTINGS.rates, setAt: null };
  const allAt85: Settings = {
    ...DEFAULT_SETTINGS,
    rates: { usdtInr: '85', usdt_bank_buy: '85', usdt_bank_sell: '85', usdt_cash_buy: '85', usdt_cash_sell: '85' },
  };
  const sunrise: BrandUnderGlobal = {
    name: 'Sunrise',
    overrides: { rates: { usdt_bank_buy: '91.5', usdt_bank_sell: '88', usdtInr: '1' } },
    // Its agreed overrides: the base rate of 1 was added at once, unused by any of its priced rates then.
    anchor: { overrides: { rates: { usdt_bank_buy: '91.5', usdt_bank_sell: '88' } }, setAt: null },
  };
  const global = (after: Partial<Settings['rates']>, brands: BrandUnderGlobal[] = [sunrise]) =>
    secondAdminReasons({ kind: 'global_settings', before: allAt85, after: { ...allAt85, rates: { ...allAt85.rates, ...after } }, anchor, brands });

  it("the global cash buy rate unset moves no global rate, but falls back to the brand's own base rate of 1: a second admin, the brand named", () => {
    expect(global({ usdt_cash_buy: '0' })).toEqual([
      'For Sunrise, it moves the cash buy rate from 85 to 1, 98.83 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
  });

  it('a brand that gets what the Global Settings say adds nothing they do not already say', () => {
    const plain = { name: 'Plain', overrides: {}, anchor: { overrides: {}, setAt: null } };
    expect(global({ usdt_cash_sell: '70' }, [sunrise, plain])).toEqual([
      'It moves the cash sell rate from 85 to 70, 17.65 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
    ]);
  });

  it("a brand is judged by its own band: a move inside the global band may be outside a brand's narrower one", () => {
    const narrow = { name: 'Narrow', overrides: { controls: { requoteBandPercent: '1' } }, anchor: { overrides: {}, setAt: null } };
    expect(global({ usdt_cash_sell: '86.5' }, [narrow])).toEqual([
      'For Narrow, it moves the cash sell rate from 85 to 86.5, 1.77 % from its agreed rate 85 (in force when agreed rates began), further than the 1 % re-quote band',
    ]);
  });
});

describe("a brand's domain, where its visitors land (the review F11)", () => {
  it('setting, moving or clearing it needs a second admin; leaving it does not', () => {
    expect(secondAdminReasons({ kind: 'brand_domain', before: null, after: 'desk.example.com' })).toEqual([
      'It gives the brand the domain desk.example.com: visitors to that host land on this brand',
    ]);
    expect(secondAdminReasons({ kind: 'brand_domain', before: 'a.example', after: 'b.example' })).toHaveLength(1);
    expect(secondAdminReasons({ kind: 'brand_domain', before: 'a.example', after: null })).toHaveLength(1);
    expect(secondAdminReasons({ kind: 'brand_domain', before: 'a.example', after: 'a.example' })).toEqual([]);
  });
});

describe('deleting a brand (the second review N6: one admin shut a brand out and released its domain at once)', () => {
  it('always needs a second admin, saying what it ends', () => {
    expect(secondAdminReasons({ kind: 'brand_deletion', name: 'Moonlight', domain: 'moon.example' })).toEqual([
      "It deletes the brand Moonlight: its customers and staff can no longer sign in, and its domain moon.example is released: its visitors land on the operator's own brand",
    ]);
    expect(secondAdminReasons({ kind: 'brand_deletion', name: 'Quiet', domain: null })).toEqual([
      'It deletes the brand Quiet: its customers and staff can no longer sign in',
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
