import type { BrandSettings } from './brand-settings-api';

/** The desk-wide settings (GLOBAL, which the settings page tests start from too) and a brand's settings as GET /api/admin/tenants/t-1/settings answers them; used by the tests only. */

export const GLOBAL: BrandSettings['global'] = {
  rates: { usdtInr: 85, usdt_bank_buy: 88.5, usdt_bank_sell: 86, usdt_cash_buy: 0, usdt_cash_sell: 87 },
  fees: { fiatToCryptoPercent: 0.5, cryptoToFiatPercent: 1 },
  limits: { buyInr: { min: 100, max: 1000000 }, sellUsdt: { min: 1, max: 12000 } },
  controls: {
    fourEyesAboveInr: 200000,
    customerDailyInr: 0,
    customerMonthlyInr: 5000000,
    requoteBandPercent: 2,
    bankMatch: 'suggest',
    chainPayoutMismatch: 'refuse',
  },
};

export const SETTINGS: BrandSettings = {
  tenantId: 't-1',
  global: GLOBAL,
  overrides: { rates: { usdt_bank_buy: 90 }, fees: {}, limits: { sellUsdt: { min: 5, max: 5000 } }, controls: { customerMonthlyInr: 2000000 } },
  effective: {
    ...GLOBAL,
    rates: { ...GLOBAL.rates, usdt_bank_buy: 90 },
    limits: { ...GLOBAL.limits, sellUsdt: { min: 5, max: 5000 } },
    controls: { ...GLOBAL.controls, customerMonthlyInr: 2000000 },
  },
  settingsRevision: '7',
  overrideRevision: '3',
  updatedAt: '2025-03-02T10:00:00.000Z',
  updatedBy: { _id: 'admin-1', phone: '+919900000009', username: 'ops' },
  agreedRates: {
    usdt_bank_buy: { rate: 90, confirmedAt: '2025-03-02T10:00:00.000Z' },
    usdt_bank_sell: { rate: 86, confirmedAt: null },
    usdt_cash_buy: { rate: 85, confirmedAt: null },
    usdt_cash_sell: { rate: 87, confirmedAt: null },
  },
};
