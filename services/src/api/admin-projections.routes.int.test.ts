import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { waitFor } from '../../../tests/support/wait-for';

describe('admin projections', () => {
  it("shows each projection's status and rebuilds one as a job", async ({ t }) => {
    const admin = await t.adminToken();
    const customer = await createCustomer(t, '+919190000001');
    await t.call('POST', '/api/orders/fiat-to-crypto', {
      token: customer,
      body: { fiatAmount: 900, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' },
    });
    await t.project();
    // Every projection reads the whole log (the admin's role grant at start-up, then the order).
    const logged = Number((await t.database.pool.query('select count(*) from es_events')).rows[0].count);
    const before = (await json(t.call('GET', '/api/admin/projections', { token: admin }))).body.projections;
    expect(before.map((p: any) => p.name)).toEqual([
      'stream-summary',
      'orders',
      'tenants',
      'event-log',
      'order-history',
      'desk-changes',
      'statement-lines',
      'payment-references',
      'ledger',
      'notifications',
    ]);
    expect(before.find((p: any) => p.name === 'orders')).toMatchObject({ eventsApplied: logged, eventsBehind: 0 });

    const checkpoint = async () =>
      (await t.database.pool.query(`select updated_at, rebuild_started_at from projection_checkpoints where name = 'orders'`)).rows[0];
    const requestedAfter = (await checkpoint()).updated_at as Date;
    expect((await json(t.call('POST', '/api/admin/projections/orders/rebuild', { token: admin }))).status).toBe(202);
    // Done when the checkpoint was rewound and moved again after the request, and no rebuild is open.
    await waitFor('the rebuild job', async () => {
      const row = await checkpoint();
      return row.updated_at > requestedAfter && row.rebuild_started_at === null;
    });
    const rebuilt = (await json(t.call('GET', '/api/admin/projections', { token: admin }))).body.projections.find((p: any) => p.name === 'orders');
    expect(rebuilt).toMatchObject({ rebuilding: null, eventsApplied: logged, eventsBehind: 0 });
    const list = (await json(t.call('GET', '/api/admin/orders', { token: admin }))).body;
    expect(list.total).toBe(1);

    expect((await t.call('POST', '/api/admin/projections/nope/rebuild', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/projections', { token: customer })).status).toBe(403);
  });
});
