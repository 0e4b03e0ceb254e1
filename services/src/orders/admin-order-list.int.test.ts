import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';

const BUY = { fiatAmount: 1000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };

// Six orders of two customers (Asha's and Ravi's, buys and sells, two networks; one completed, one
// rejected), placed once for the file, for every test: the orders in the order placed, Asha's token,
// and the admin's list with a query.
const it = withApp.extend('placed', { scope: 'file', auto: true }, async ({ t, admin }) => {
  await giveDepositWallet(t);
  const asha = await createCustomer(t, '+919500000001');
  const ravi = await createCustomer(t, '+919500000002');
  const orders: { id: string; refCode: string; type: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const token = i % 2 === 0 ? asha : ravi;
    const network = i < 4 ? 'TRC20' : 'BEP20';
    const withdrawAddress = network === 'BEP20' ? '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' : BUY.withdrawAddress;
    const body = i % 3 === 2 ? { cryptoAmount: 10 + i, method: 'cash' } : { ...BUY, fiatAmount: 1000 * (i + 1), network, withdrawAddress };
    const url = i % 3 === 2 ? '/api/orders/crypto-to-fiat' : '/api/orders/fiat-to-crypto';
    const { order } = (await json(t.call('POST', url, { token, body }))).body;
    orders.push({ id: order._id, refCode: order.refCode, type: order.type });
  }
  // A customer reference that a spreadsheet would run as a formula.
  await t.call('POST', `/api/orders/${orders[0]!.id}/upload`, { token: asha, body: { bankReference: '=HYPERLINK("http://x")' } });
  await t.call('POST', `/api/admin/orders/${orders[0]!.id}/complete`, { token: admin, body: { cryptoReference: '0xfeed' } });
  await t.call('POST', `/api/admin/orders/${orders[1]!.id}/reject`, { token: admin, body: {} });
  await t.project();
  const list = (query: string) => json(t.call('GET', `/api/admin/orders${query}`, { token: admin }));
  return { orders, asha, list };
});

describe('admin order list, dashboard and export', () => {
  it('pages the newest first with the total', async ({ placed: { orders, list } }) => {
    const first = await list('?page=1&pageSize=4');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(first.body.items.map((o: any) => o._id)).toEqual(
      orders
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
    const second = await list('?page=2&pageSize=4');
    expect(second.body.items.map((o: any) => o._id)).toEqual(
      orders
        .slice(0, 2)
        .reverse()
        .map((o) => o.id),
    );
    expect((await list('')).body.pageSize).toBe(50);
    // Past the last page, and where nothing matches, the page is empty and the total still right.
    expect((await list('?page=3&pageSize=4')).body).toMatchObject({ items: [], page: 3, total: 6 });
    expect((await list('?status=cancelled')).body).toMatchObject({ items: [], total: 0 });
  });

  it('filters by type, status, network, ref code and phone, each with the right total', async ({ placed: { orders, list } }) => {
    const cases: [string, string[]][] = [
      ['?type=crypto_to_fiat', orders.filter((o) => o.type === 'crypto_to_fiat').map((o) => o.id)],
      ['?status=completed', [orders[0]!.id]],
      ['?status=rejected', [orders[1]!.id]],
      ['?network=bep20', orders.filter((_, i) => i >= 4 && i % 3 !== 2).map((o) => o.id)],
      [`?refCode=${orders[3]!.refCode.toLowerCase()}`, [orders[3]!.id]],
      ['?phone=%2B919500000002', orders.filter((_, i) => i % 2 === 1).map((o) => o.id)],
      ['?status=pending&type=fiat_to_crypto', orders.filter((o, i) => o.type === 'fiat_to_crypto' && i > 1).map((o) => o.id)],
    ];
    for (const [query, ids] of cases) {
      const { body } = await list(query);
      expect(body.items.map((o: any) => o._id).sort(), query).toEqual([...ids].sort());
      expect(body.total, query).toBe(ids.length);
    }
    expect((await list('?status=bogus')).status).toBe(400);
  });

  it('shows the dashboard figures and recent orders', async ({ t, admin, placed: { asha } }) => {
    const { status, body } = await json(t.call('GET', '/api/admin/dashboard', { token: admin }));
    expect(status).toBe(200);
    // Total Users counts customers: the admin is staff, not a user of the desk.
    expect(body.stats).toEqual({ totalOrders: 6, pendingOrders: 4, completedOrders: 1, totalUsers: 2, todayOrders: 6, totalVolume: '1000.00' });
    expect(body.recentOrders).toHaveLength(6);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toMatchObject({ orders: 6, volume: '1000.00' });
    expect(body.daily.slice(0, -1).every((d: any) => d.orders === 0)).toBe(true);
    expect((await t.call('GET', '/api/admin/dashboard', { token: asha })).status).toBe(403);
  });

  it('exports the filtered list as CSV through a signed link, with formula cells defused', async ({ t, admin, placed: { orders, asha, list } }) => {
    const link = await json(t.call('POST', '/api/admin/orders/export-link', { token: admin, body: { type: 'fiat_to_crypto' } }));
    expect(link.status).toBe(200);
    const response = await t.app.request(link.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    const expected = (await list('?type=fiat_to_crypto&pageSize=200')).body.items;
    expect(rows.map((r) => r.refCode)).toEqual(expected.map((o: any) => o.refCode));
    expect(rows.find((r) => r.refCode === orders[0]!.refCode)).toMatchObject({
      bankReference: `'=HYPERLINK("http://x")`,
      status: 'Completed',
      fiatAmountInr: '1000',
    });

    const widened = link.body.url.replace('type=fiat_to_crypto', 'type=crypto_to_fiat');
    expect((await t.app.request(widened)).status).toBe(403);
    expect((await t.app.request('/api/admin/orders.csv')).status).toBe(403);
    expect((await t.call('POST', '/api/admin/orders/export-link', { token: asha, body: {} })).status).toBe(403);
  });
});
