import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { NO_DEPOSIT_ADDRESS, NOTHING_AFTER_FEES } from '@desk/machines/order/order-placement.decide';
import { DEPOSIT_TRON, giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { changeConfirmed } from '../../../tests/support/desk-changes';

const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };
const SELL = {
  cryptoAmount: 100,
  method: 'bank',
  bankAccount: { bankName: 'HDFC Bank', accountHolder: 'Asha Rao', accountNumber: '50100012345678', ifsc: 'hdfc0001234' },
};

describe('placing orders', () => {
  let customer: string;
  it.beforeAll(async ({ t }) => {
    customer = await createCustomer(t, '+919800000001');
    // 88.5 is further than the re-quote band from 85: a second admin confirms it (decision 0030).
    await changeConfirmed(t, 'PUT', '/api/admin/settings', {
      token: await t.adminToken(),
      body: { rates: { usdt_bank_buy: 88.5, usdt_bank_sell: 86.25 }, fees: { fiatToCryptoPercent: 0.5, cryptoToFiatPercent: 1 } },
    });
  });

  it('places a buy at the rate and fee in force, recording where the rate came from', async ({ t }) => {
    const { status, body } = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }));
    expect(status).toBe(201);
    expect(body.message).toBe('Buy order created successfully!');
    // 10000 / 88.5 = 112.994... -> 112.99 gross; fee 0.5% = 0.56495 -> 0.57; net 112.42
    expect(body.order).toMatchObject({
      type: 'fiat_to_crypto',
      orderType: 'buy',
      status: 'pending',
      statusLabel: 'Pending',
      method: 'bank',
      network: 'TRC20',
      rate: '88.5',
      feePercent: '0.5',
      fiatAmount: '10000',
      cryptoAmount: '112.42',
      feeAmount: '0.57',
      withdrawAddress: BUY.withdrawAddress,
      user: { phone: '+919800000001' },
      attachments: [],
    });
    expect(body.order.refCode).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{10}$/);
    const lock = Date.parse(body.order.rateLockedUntil) - Date.parse(body.order.createdAt);
    const window = Date.parse(body.order.paymentDueAt) - Date.parse(body.order.createdAt);
    expect([lock, window]).toEqual([5 * 60_000, 60 * 60_000]);

    const [placed] = await t.deps.eventStore.readStream(`order-${body.order._id}`);
    expect(placed).toMatchObject({ type: 'OrderPlaced', metadata: { actor: { role: 'customer' } } });
    expect((placed!.data as any).rateSource).toEqual({ settingsRevision: '0', overrideRevision: null, rateKey: 'usdt_bank_buy' });
  });

  it('refuses a sell while the brand has no active TRC20 wallet to receive the USDT, and records nothing', async ({ t }) => {
    const orderEvents = async () => (await t.database.pool.query(`select count(*)::int as n from es_events where stream_id like 'order-%'`)).rows[0].n;
    const before = await orderEvents();
    const refused = { status: 409, body: { error: NO_DEPOSIT_ADDRESS, code: 'no_deposit_address' } };
    expect(await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: SELL }))).toEqual(refused);
    // Another network's wallet, or a TRC20 one switched off, is no place to send a TRC20 sell.
    const admin = await t.adminToken();
    const wallets = [
      { network: 'ERC20', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', isActive: true },
      { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', isActive: false },
    ];
    expect((await changeConfirmed(t, 'PUT', '/api/admin/tenants/default', { token: admin, body: { cryptoWallets: wallets } })).status).toBe(202);
    expect(await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 5, method: 'cash' } }))).toEqual(refused);
    expect(await orderEvents()).toBe(before);

    await giveDepositWallet(t);
    const placed = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 5, method: 'cash' } }));
    expect(placed.status).toBe(201);
    expect(placed.body.order.depositAddress).toBe(DEPOSIT_TRON);
  });

  it('places a sell by bank with the payout account, TRC20 only, INR in whole rupees', async ({ t }) => {
    const { status, body } = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: SELL }));
    expect(status).toBe(201);
    // 100 x 86.25 = 8625 gross; fee 1% = 86.25 -> 87; net 8538
    expect(body.order).toMatchObject({
      type: 'crypto_to_fiat',
      orderType: 'sell',
      network: 'TRC20',
      rate: '86.25',
      cryptoAmount: '100.00',
      fiatAmount: '8538',
      feeAmount: '87',
      payoutBankAccount: { bankName: 'HDFC Bank', accountName: 'Asha Rao', accountNumber: '50100012345678', ifsc: 'HDFC0001234' },
    });
    const cash = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: '5', method: 'cash' } }));
    expect(cash.status).toBe(201);
    expect(cash.body.order.payoutBankAccount).toBeNull();
  });

  it('refuses to place at a rate the customer was not shown: 409 rate_changed, nothing recorded', async ({ t }) => {
    const before = (await t.database.pool.query(`select count(*)::int as n from es_events where stream_id like 'order-%'`)).rows[0].n;
    const { status, body } = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { ...BUY, expectedRate: 87 } }));
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'rate_changed', code: 'rate_changed', currentRate: 88.5 });
    const after = (await t.database.pool.query(`select count(*)::int as n from es_events where stream_id like 'order-%'`)).rows[0].n;
    expect(after).toBe(before);
    const same = await t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { ...BUY, expectedRate: '88.50' } });
    expect(same.status).toBe(201);
  });

  it("answers bad orders with the screens' texts and records nothing", async ({ t }) => {
    const cases: [string, unknown, string, string][] = [
      ['/api/orders/fiat-to-crypto', { ...BUY, fiatAmount: '' }, 'fiatAmount', 'Enter INR amount'],
      ['/api/orders/fiat-to-crypto', { ...BUY, fiatAmount: '150.5' }, 'fiatAmount', 'INR amount must be a whole number'],
      ['/api/orders/fiat-to-crypto', { ...BUY, fiatAmount: -5 }, 'fiatAmount', 'Enter a valid positive amount'],
      ['/api/orders/fiat-to-crypto', { ...BUY, fiatAmount: 50 }, 'fiatAmount', 'Minimum order amount is ₹100'],
      ['/api/orders/fiat-to-crypto', { ...BUY, fiatAmount: '10,00,001' }, 'fiatAmount', 'Maximum order amount is ₹10,00,000'],
      ['/api/orders/fiat-to-crypto', { ...BUY, withdrawAddress: ' ' }, 'withdrawAddress', 'Please select a USDT address'],
      ['/api/orders/fiat-to-crypto', { ...BUY, network: 'SOL' }, 'network', 'Please select a network'],
      ['/api/orders/crypto-to-fiat', { ...SELL, cryptoAmount: '1.5' }, 'cryptoAmount', 'USDT amount must be a whole number'],
      ['/api/orders/crypto-to-fiat', { ...SELL, cryptoAmount: 12001 }, 'cryptoAmount', 'Maximum order amount is 12000 USDT'],
      ['/api/orders/crypto-to-fiat', { cryptoAmount: 10, method: 'bank' }, 'bankAccount', 'Please select a bank account'],
      ['/api/orders/crypto-to-fiat', { ...SELL, network: 'ERC20' }, 'network', 'Sell orders use the TRC20 network'],
    ];
    for (const [url, body, path, message] of cases) {
      const response = await json(t.call('POST', url, { token: customer, body }));
      expect(response.status, `${path}: ${message}`).toBe(400);
      expect(response.body.error).toBe('validation_error');
      expect(response.body.details).toContainEqual({ path, message });
    }
  });

  it("shows a customer only their own orders; anyone else's is 404", async ({ t }) => {
    const other = await createCustomer(t, '+919800000002');
    const mine = (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order;
    await t.project();
    const list = await json(t.call('GET', '/api/orders', { token: customer }));
    expect(list.body.orders.map((o: any) => o._id)).toContain(mine._id);
    expect(list.body.orders.every((o: any) => o.user.phone === '+919800000001')).toBe(true);
    expect((await json(t.call('GET', '/api/orders', { token: other }))).body.orders).toEqual([]);

    expect(await json(t.call('GET', `/api/orders/${mine._id}`, { token: other }))).toEqual({
      status: 404,
      body: { error: 'Order not found', code: 'not_found' },
    });
    expect((await t.call('POST', `/api/orders/${mine._id}/cancel`, { token: other })).status).toBe(404);
    expect((await t.call('POST', `/api/orders/${mine._id}/upload`, { token: other, body: { bankReference: 'UTR1' } })).status).toBe(404);
    expect((await t.call('GET', '/api/orders/not-a-uuid', { token: customer })).status).toBe(404);
    expect((await json(t.call('GET', `/api/orders/${mine._id}`, { token: customer }))).body._id).toBe(mine._id);
    expect((await t.call('GET', '/api/orders')).status).toBe(401);
  });

  it('refuses an order that would pay out nothing after the fee and rounding', async ({ t }) => {
    const admin = await t.adminToken();
    const settings = (await json(t.call('GET', '/api/admin/settings', { token: admin }))).body;
    await changeConfirmed(t, 'PUT', '/api/admin/settings', {
      token: admin,
      body: { rates: { usdt_bank_buy: 150, usdt_cash_sell: 1.5 }, fees: { cryptoToFiatPercent: 50 }, limits: { buyInr: { min: 1, max: 100000 } } },
    });
    try {
      // ₹1 / 150 = 0.0066 USDT, down to 0.00; 1 USDT x 1.5 = ₹1 gross, a 50% fee rounded up to ₹1
      const buy = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { ...BUY, fiatAmount: 1 } }));
      expect(buy).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'fiatAmount', message: NOTHING_AFTER_FEES }] },
      });
      const sell = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 1, method: 'cash' } }));
      expect(sell).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'cryptoAmount', message: NOTHING_AFTER_FEES }] },
      });
      expect((await t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 2, method: 'cash' } })).status).toBe(201);
    } finally {
      await changeConfirmed(t, 'PUT', '/api/admin/settings', { token: admin, body: { rates: settings.rates, fees: settings.fees, limits: settings.limits } });
    }
  });
});
