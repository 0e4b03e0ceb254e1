import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings.schema';
import { DEFAULT_PROFILE } from '../tenants/tenant.decide';
import { agreedRatesOf } from '../settings/agreed-rates';
import { agreedRatesSummary, brandDeletionSummary, paymentAccountsSummary, rolesSummary, settingsSummary, staffAccountSummary } from './change-summary';

const hdfc = { bankName: 'HDFC Bank', accountName: 'Brand B', accountNumber: '50200011112222', ifsc: 'HDFC0000123', isActive: true };

describe('what a change does, in words', () => {
  it('lists each setting that differs, before → after, as the settings page names them', () => {
    const after = {
      ...DEFAULT_SETTINGS,
      rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '88.5' },
      controls: { ...DEFAULT_SETTINGS.controls, fourEyesAboveInr: '0', requoteBandPercent: '2.5' },
      limits: { ...DEFAULT_SETTINGS.limits, sellUsdt: { min: '1', max: '20000' } },
    };
    expect(settingsSummary(DEFAULT_SETTINGS, after)).toEqual([
      { what: 'USDT Bank Buy rate', before: '0 (follows the base rate)', after: '88.5' },
      { what: 'Largest sell order', before: '12000 USDT', after: '20000 USDT' },
      { what: 'Second admin above', before: '₹2,00,000', after: 'off' },
      { what: 'Re-quote band', before: '2 %', after: '2.5 %' },
    ]);
    // The same value written otherwise is no change.
    expect(settingsSummary(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdtInr: '85.00' } })).toEqual([]);
  });

  it('shows the agreed rates a confirmation would set, where they differ from those agreed now', () => {
    const now = agreedRatesOf({ rates: DEFAULT_SETTINGS.rates, setAt: null });
    // Bank buy was moved within the band at once since (83.5), and the change sets cash sell.
    const confirmed = agreedRatesOf({ rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '83.5', usdt_cash_sell: '80' }, setAt: 't1' });
    expect(agreedRatesSummary(now, confirmed)).toEqual([
      { what: 'Agreed bank buy rate', before: '85', after: '83.5' },
      { what: 'Agreed cash sell rate', before: '85', after: '80' },
    ]);
    expect(agreedRatesSummary(now, now)).toEqual([]);
  });

  it('names roles and new accounts as people do', () => {
    expect(rolesSummary('+919000000002', [], ['admin'])).toEqual([{ what: 'Roles of +919000000002', before: 'customer (no staff role)', after: 'admin' }]);
    expect(staffAccountSummary({ phone: '+919000000002', username: 'Ravi', roles: ['compliance'] })).toEqual([
      { what: 'New account', before: '—', after: '+919000000002 (Ravi)' },
      { what: 'Roles', before: '—', after: 'compliance officer' },
    ]);
  });

  it('names the brand a deletion ends, and the domain it releases', () => {
    expect(brandDeletionSummary('Moonlight', 'moon.example')).toEqual([
      { what: 'Brand', before: 'Moonlight', after: 'deleted' },
      { what: 'Domain', before: 'moon.example', after: 'none' },
    ]);
    expect(brandDeletionSummary('Quiet', null)).toEqual([{ what: 'Brand', before: 'Quiet', after: 'deleted' }]);
  });

  it("lists the accounts added, switched and removed, and the brand's profile when it changes with them", () => {
    const icici = { ...hdfc, bankName: 'ICICI Bank', accountNumber: '000405012345' };
    const before = { profile: DEFAULT_PROFILE, bankAccounts: [hdfc, icici], cryptoWallets: [] };
    const lines = paymentAccountsSummary(before, {
      profile: { ...DEFAULT_PROFILE, name: 'Desk Two' },
      bankAccounts: [
        { ...hdfc, isActive: false },
        { ...hdfc, accountNumber: '999999' },
      ],
    });
    expect(lines).toEqual([
      { what: 'Brand name', before: 'USDT Desk', after: 'Desk Two' },
      { what: 'Bank account HDFC Bank, account 50200011112222 (IFSC HDFC0000123, in the name of Brand B)', before: 'active', after: 'inactive' },
      { what: 'Bank account HDFC Bank, account 999999 (IFSC HDFC0000123, in the name of Brand B)', before: '—', after: 'active' },
      { what: 'Bank account ICICI Bank, account 000405012345 (IFSC HDFC0000123, in the name of Brand B)', before: 'active', after: 'removed' },
    ]);
  });
});
