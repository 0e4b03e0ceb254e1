/**
 * Customer limits over HTTP: daily and monthly INR per customer (Global Settings, overridable per
 * brand), counted over the customer's orders that still hold money; the headroom the trading form
 * shows; a refusal that says what is left and records nothing; orders placed at once counted one
 * after the other, before the projection has them.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json, setOwnPassword } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { changeConfirmed } from '../support/desk-changes';
import { testMetadata } from '../support/event-factory';
import { findUserById } from '../../services/src/identity/users.repository';
import { DAY_MS } from '../../machines/src/order/customer-limits';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('customer limits', () => {
  const it = withApp
    .extend(
      'buy',
      ({ t }) =>
        (token: string, fiatAmount: number, headers: Record<string, string> = {}) =>
          json(t.call('POST', '/api/orders/fiat-to-crypto', { token, headers, body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } })),
    )
    .extend(
      'limitsOf',
      ({ t }) =>
        async (token: string, headers: Record<string, string> = {}) =>
          (await json(t.call('GET', '/api/orders/limits', { token, headers }))).body,
    )
    .extend('orderCount', ({ t }) => async (token: string) => {
      await t.project();
      return (await json(t.call('GET', '/api/orders', { token }))).body.orders.length as number;
    })
    /** A buy placed `daysAgo` (through the service, at that time) and expired an hour later, unpaid. */
    .extend('expiredBuyOf', ({ t }) => async (token: string, fiatAmount: string, daysAgo: number) => {
      const me = (await json(t.call('GET', '/api/auth/me', { token }))).body as { _id: string };
      const user = (await findUserById(t.deps.orders.accounts, me._id))!;
      const placedAt = new Date(Date.now() - daysAgo * DAY_MS);
      const metadata = testMetadata({ actor: { id: user.id, role: 'customer' }, tenantId: user.tenant_id, acceptedAt: placedAt.toISOString() });
      const old = await t.deps.orders.placement.placeBuy(user, { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' }, metadata);
      await t.deps.orders.commands.expire(old.orderId, 'test', new Date(placedAt.getTime() + 61 * 60_000));
      return old.orderId;
    })
    .extend(
      'payLate',
      ({ t }) =>
        (token: string, orderId: string, utr: string) =>
          json(t.call('POST', `/api/orders/${orderId}/upload`, { token, body: { bankReference: utr } })),
    );

  it.beforeAll(async ({ t, admin }) => {
    const saved = await json(
      t.call('PUT', '/api/admin/settings', { token: admin, body: { controls: { customerDailyInr: 10000, customerMonthlyInr: 15000 } } }),
    );
    expect(saved.status).toBe(200);
  });

  it('shows the headroom, refuses an order over it with what is left, and frees what a rejected order held', async ({
    t,
    admin,
    buy,
    limitsOf,
    orderCount,
  }) => {
    const asha = await createCustomer(t, '+919190000201');
    expect(await limitsOf(asha)).toEqual({
      daily: { limitInr: 10000, usedInr: 0, remainingInr: 10000 },
      monthly: { limitInr: 15000, usedInr: 0, remainingInr: 15000 },
    });
    expect((await buy(asha, 6000)).status).toBe(201);
    expect((await limitsOf(asha)).daily).toEqual({ limitInr: 10000, usedInr: 6000, remainingInr: 4000 });

    const over = await buy(asha, 4001);
    expect(over).toMatchObject({
      status: 400,
      body: {
        error: 'validation_error',
        code: 'validation_error',
        details: [
          {
            path: 'fiatAmount',
            message: 'This order (₹4,001) is over your daily limit of ₹10,000: your orders of the last 24 hours hold ₹6,000, so you can order up to ₹4,000 now',
          },
        ],
      },
    });
    expect(await orderCount(asha)).toBe(1);
    // The refused order's claim is given up again: it holds nothing, and its reference code is free.
    expect((await limitsOf(asha)).daily.usedInr).toBe(6000);
    const claims = await t.database.pool.query('select count(*)::int as n from order_ref_codes c join users u on u.id = c.user_id where u.phone = $1', [
      '+919190000201',
    ]);
    expect(claims.rows[0].n).toBe(1);

    const exact = await buy(asha, 4000);
    expect(exact.status).toBe(201);
    expect((await limitsOf(asha)).daily.remainingInr).toBe(0);
    // The desk rejects one: once the read model shows it, its ₹4,000 no longer counts.
    await t.call('POST', `/api/admin/orders/${exact.body.order._id}/reject`, { token: admin, body: { reasonCode: 'amount_mismatch' } });
    await t.project();
    expect((await limitsOf(asha)).daily).toEqual({ limitInr: 10000, usedInr: 6000, remainingInr: 4000 });
  });

  it('counts orders placed at the same moment one after the other, before the projection shows any', async ({ t, buy, orderCount }) => {
    const ravi = await createCustomer(t, '+919190000202');
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(ravi, 3000)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 400, 400]);
    expect(await orderCount(ravi)).toBe(3);
    // Twelve at once for ₹1,000 each from a new customer (no claim yet): exactly ten fit.
    const kiran = await createCustomer(t, '+919190000205');
    const many = await Promise.all(Array.from({ length: 12 }, () => buy(kiran, 1000)));
    expect(many.filter((a) => a.status === 201)).toHaveLength(10);
    expect(many.filter((a) => a.status === 400)).toHaveLength(2);
    expect(await orderCount(kiran)).toBe(10);
  });

  it("applies the monthly limit as well, and a brand's own limits over the global ones", async ({ t, admin, buy, limitsOf }) => {
    const meera = await createCustomer(t, '+919190000203');
    expect((await buy(meera, 10000)).status).toBe(201);
    expect((await limitsOf(meera)).monthly.remainingInr).toBe(5000);

    const host = 'limits.example';
    const tenantId = await createBrand(t, host);
    // No daily limit for the brand loosens the global one: a second admin confirms it (decision 0030).
    const override = await changeConfirmed(t, 'PUT', `/api/admin/tenants/${tenantId}/settings`, {
      token: admin,
      body: { controls: { customerDailyInr: 0, customerMonthlyInr: 2000 } },
    });
    expect(override).toMatchObject({ status: 202, confirmed: true });
    await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919190000204', password: 'secret1', tenantId } });
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const brandCustomer = await setOwnPassword(t, '+919190000204', 'secret1', host);
    expect(await limitsOf(brandCustomer, { host })).toEqual({ daily: null, monthly: { limitInr: 2000, usedInr: 0, remainingInr: 2000 } });
    const refused = await buy(brandCustomer, 2500, { host });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].message).toContain('monthly limit of ₹2,000');
  });

  it('gives a claim up when the order was not recorded, and keeps it when the append committed but its answer was lost', async ({ t, buy, limitsOf }) => {
    const sunil = await createCustomer(t, '+919190000206');
    const orders = t.deps.orders.orders;
    const create = orders.create.bind(orders);
    const claimedInr = async () =>
      Number(
        (
          await t.database.pool.query(
            'select coalesce(sum(fiat_inr), 0) as inr from order_ref_codes where order_id in (select id from unnest($1::uuid[]) as id)',
            [placedIds],
          )
        ).rows[0].inr,
      );
    const placedIds: string[] = [];
    try {
      // Refused before anything was appended: the claim goes.
      orders.create = async (event) => {
        placedIds.push(event.data.orderId);
        throw new Error('the store is unreachable');
      };
      expect((await buy(sunil, 1500)).status).toBe(500);
      expect(await claimedInr()).toBe(0);
      // Appended, then the answer lost: the order exists, so its claim stays and keeps counting.
      orders.create = async (event, metadata) => {
        placedIds.push(event.data.orderId);
        await create(event, metadata);
        throw new Error('the connection dropped after the commit');
      };
      expect((await buy(sunil, 2500)).status).toBe(500);
      expect(await claimedInr()).toBe(2500);
    } finally {
      orders.create = create;
    }
    expect((await limitsOf(sunil)).daily.usedInr).toBe(2500);
  });

  it('counts an order paid late from its late payment: revived a day after it was placed, it holds today, projected or not', async ({
    t,
    buy,
    limitsOf,
    expiredBuyOf,
    payLate,
  }) => {
    // The fourth security review: counted by its placement two days before, a revived order held
    // nothing in the day's window, and the customer placed their whole limit again beside it.
    const ravi = await createCustomer(t, '+919190000211');
    const old = await expiredBuyOf(ravi, '9000', 2);
    await t.project();
    expect((await limitsOf(ravi)).daily.usedInr).toBe(0);

    const late = await payLate(ravi, old, 'UTRLATE90211');
    expect(late).toMatchObject({ status: 200, body: { order: { status: 'expired', latePayment: true } } });
    // Before the read model shows it paid late, its revival's claim counts it.
    const held = {
      daily: { limitInr: 10000, usedInr: 9000, remainingInr: 1000 },
      monthly: { limitInr: 15000, usedInr: 9000, remainingInr: 6000 },
    };
    expect(await limitsOf(ravi)).toEqual(held);
    expect((await buy(ravi, 9000)).status).toBe(400);
    await t.project();
    expect(await limitsOf(ravi)).toEqual(held);
    expect((await buy(ravi, 9000)).status).toBe(400);
    expect((await buy(ravi, 1000)).status).toBe(201);
  });

  it('counts two revivals made at the same moment one after the other: the one that takes the customer over is flagged', async ({
    t,
    limitsOf,
    expiredBuyOf,
    payLate,
    adminOrder,
  }) => {
    const meera = await createCustomer(t, '+919190000212');
    const orders = [await expiredBuyOf(meera, '6000', 3), await expiredBuyOf(meera, '6000', 2)];
    await t.project();
    const revived = await Promise.all(orders.map((id, i) => payLate(meera, id, `UTRLATE9022${i}`)));
    expect(revived.map((r) => r.status)).toEqual([200, 200]);
    await t.project();
    const flags = await Promise.all(orders.map(async (id) => (await adminOrder(id)).flags.map((f: { kind: string }) => f.kind)));
    expect(flags.flat(), JSON.stringify(flags)).toEqual(['over_customer_limit']);
    expect((await limitsOf(meera)).daily.usedInr).toBe(12000);
  });

  it("gives a revival's claim up when its proof was not recorded", async ({ t, limitsOf, expiredBuyOf, payLate }) => {
    const kiran = await createCustomer(t, '+919190000213');
    const old = await expiredBuyOf(kiran, '4000', 2);
    await t.project();
    const orders = t.deps.orders.orders;
    const execute = orders.execute.bind(orders);
    // The claim is counted inside the command; the append then fails.
    orders.execute = async (id, metadata, decide) =>
      execute(id, metadata, async (snapshot) => {
        await decide(snapshot);
        throw new Error('the store is unreachable');
      });
    try {
      expect((await payLate(kiran, old, 'UTRLATE90213')).status).toBe(500);
    } finally {
      orders.execute = execute;
    }
    expect((await limitsOf(kiran)).daily.usedInr).toBe(0);
  });
});
