import { describe, expect } from 'vitest';
import { createCustomer } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';

describe('settings API', () => {
  it('serves the defaults publicly: usdtInr 85, unset rates 0, no fees, limits, networks, brand', async ({ t }) => {
    const response = await t.call('GET', '/api/config/public');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      rates: { usdtInr: 85, usdt_bank_buy: 0, usdt_bank_sell: 0, usdt_cash_buy: 0, usdt_cash_sell: 0 },
      fees: { fiatToCryptoPercent: 0, cryptoToFiatPercent: 0 },
      limits: { buyInr: { min: 100, max: 1000000 }, sellUsdt: { min: 1, max: 12000 } },
      networks: ['TRC20', 'ERC20', 'BEP20', 'POLYGON'],
      brand: { name: 'USDT Desk', logoUrl: null, primaryColor: '#0d6efd', support: { phone: null, email: null, whatsappUrl: null, hours: null } },
    });
  });

  // Rates move within the re-quote band here (2 % of 85): further needs a second admin (tests/api/desk-changes.int.test.ts).
  it('saves a partial change as a SettingsChanged event recording who, when and from where', async ({ t }) => {
    const admin = await t.adminToken();
    const response = await t.call('PUT', '/api/admin/settings', {
      token: admin,
      body: { rates: { usdt_bank_buy: 86.5, usdt_bank_sell: '86.25' }, fees: { fiatToCryptoPercent: 0.5 } },
      headers: { 'x-forwarded-for': '198.51.100.9', 'user-agent': 'settings-test' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, any>;
    expect(body).toMatchObject({
      rates: { usdtInr: 85, usdt_bank_buy: 86.5, usdt_bank_sell: 86.25, usdt_cash_buy: 0 },
      fees: { fiatToCryptoPercent: 0.5, cryptoToFiatPercent: 0 },
      revision: '0',
      message: 'Settings saved successfully',
    });
    expect(body.updatedBy.phone).toBe('+919000000001');

    const [event] = await t.deps.eventStore.readStream('settings-default');
    expect(event).toMatchObject({ type: 'SettingsChanged', metadata: { ip: '198.51.100.9', userAgent: 'settings-test', actor: { role: 'admin' } } });
    expect((event!.data as any).rates.usdt_bank_buy).toBe('86.5');

    const publicRates = (await (await t.call('GET', '/api/config/public')).json()) as any;
    expect(publicRates.rates.usdt_bank_buy).toBe(86.5);
    const read = (await (await t.call('GET', '/api/admin/settings', { token: admin })).json()) as any;
    expect(read).toMatchObject({ revision: '0', rates: { usdt_bank_sell: 86.25 } });
  });

  it('keeps every change, so the rate in force at any time can be read back', async ({ t }) => {
    const admin = await t.adminToken();
    // Within the band of the agreed 85 (86.7 is on its edge): one admin's (decision 0030).
    expect((await t.call('PUT', '/api/admin/settings', { token: admin, body: { rates: { usdt_bank_buy: 86.7 } } })).status).toBe(200);
    const events = await t.deps.eventStore.readStream('settings-default');
    expect(events.map((e) => (e.data as any).rates.usdt_bank_buy)).toEqual(['86.5', '86.7']);
    expect((events[1]!.data as any).rates.usdt_bank_sell).toBe('86.25');
  });

  it('refuses bad values and changes nothing', async ({ t }) => {
    const admin = await t.adminToken();
    const before = await t.deps.eventStore.readStream('settings-default');
    for (const body of [
      {},
      { rates: {} },
      { rates: { usdt_bank_buy: -1 } },
      { fees: { cryptoToFiatPercent: 80 } },
      { limits: { buyInr: { min: 5000, max: 100 } } },
      { rates: { usdtInr: 'abc' } },
    ]) {
      const response = await t.call('PUT', '/api/admin/settings', { token: admin, body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error).toBe('validation_error');
    }
    expect(await t.deps.eventStore.readStream('settings-default')).toHaveLength(before.length);
  });

  it('is for admins only', async ({ t }) => {
    const customer = await createCustomer(t, '+919444444444');
    expect((await t.call('GET', '/api/admin/settings', { token: customer })).status).toBe(403);
    expect((await t.call('PUT', '/api/admin/settings', { token: customer, body: { rates: { usdtInr: 1 } } })).status).toBe(403);
    expect((await t.call('PUT', '/api/admin/settings', { body: { rates: { usdtInr: 1 } } })).status).toBe(401);
  });
});
