import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { rebuildProjection } from '../../runtime/rebuild';
import { ordersProjection } from './orders.projection';
import { createCustomer, createTestApp, json, type TestApp } from '../../../../tests/support/test-app';

describe('orders projection', () => {
  let t: TestApp;
  let db: Kysely<ReadModelDatabase>;

  const snapshot = async () => ({
    orders: (await sql<{ digest: string }>`select md5(string_agg(o::text, ',' order by id)) as digest from rm_orders o`.execute(db)).rows[0]!.digest,
    counts: (
      await sql<{
        digest: string;
      }>`select md5(string_agg(c::text, ',' order by tenant_id, status, type, network)) as digest from rm_order_counts c where orders <> 0`.execute(db)
    ).rows[0]!.digest,
    usage: (
      await sql<{
        digest: string;
      }>`select md5(string_agg(u::text, ',' order by user_id, day)) as digest from rm_customer_usage_days u where held_inr <> 0 or shown_inr <> 0`.execute(db)
    ).rows[0]!.digest,
  });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db as Kysely<ReadModelDatabase>;
    const admin = await t.adminToken();
    const customer = await createCustomer(t, '+919400000001');
    for (let i = 0; i < 12; i++) {
      const { order } = (
        await json(
          t.call('POST', '/api/orders/fiat-to-crypto', {
            token: customer,
            body: {
              fiatAmount: 500 + i,
              network: i % 2 ? 'ERC20' : 'TRC20',
              withdrawAddress: i % 2 ? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' : 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
              method: 'bank',
            },
          }),
        )
      ).body;
      if (i % 4 === 0) await t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { bankReference: `UTR${i}` } });
      if (i % 3 === 0) await t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {} });
      if (i % 3 === 1) await t.call('POST', `/api/admin/orders/${order._id}/complete`, { token: admin, body: { cryptoReference: `0x${i}` } });
      if (i % 5 === 2) await t.call('POST', `/api/admin/orders/${order._id}/reject`, { token: admin, body: {} });
    }
  });
  afterAll(() => t.close());

  it('builds the same rows and counts one event per batch as in one pass, matching the orders themselves', async () => {
    await rebuildProjection({ db, store: t.deps.eventStore, projection: ordersProjection, batchSize: 1, restart: true, write: () => undefined });
    const eventByEvent = await snapshot();
    await rebuildProjection({ db, store: t.deps.eventStore, projection: ordersProjection, batchSize: 10_000, restart: true, write: () => undefined });
    expect(await snapshot()).toEqual(eventByEvent);

    // The counts table is exactly a GROUP BY over the rows it summarises.
    const { rows } = await sql<{ mismatches: number }>`
      select count(*)::int as mismatches from (
        select tenant_id, status, type, network, count(*)::bigint as orders, sum(fiat_amount) as fiat_total from rm_orders group by 1, 2, 3, 4
      ) g full join (select * from rm_order_counts where orders <> 0) c using (tenant_id, status, type, network)
      where g.orders is distinct from c.orders or g.fiat_total is distinct from c.fiat_total`.execute(db);
    expect(rows[0]!.mismatches).toBe(0);
    // So is the customer limits' ledger of what the orders hold (rejected ones hold nothing).
    const held = await sql<{ mismatches: number; days: number }>`
      select count(*) filter (where g.held is distinct from u.held_inr)::int as mismatches, count(*)::int as days from (
        select user_id, (created_at at time zone 'UTC')::date as day, sum(fiat_amount) filter (where status <> 'rejected') as held from rm_orders group by 1, 2
      ) g full join rm_customer_usage_days u using (user_id, day)`.execute(db);
    expect(held.rows[0]).toEqual({ mismatches: 0, days: 1 });

    // Each row's view equals the order as its own stream folds it.
    for (const row of await db.selectFrom('rm_orders').select(['id', 'view', 'status']).execute()) {
      const { view } = await t.deps.orders.orders.load(row.id);
      expect(row.view).toEqual(JSON.parse(JSON.stringify(view)));
      expect(row.status).toBe(view!.status);
    }
  });
});
