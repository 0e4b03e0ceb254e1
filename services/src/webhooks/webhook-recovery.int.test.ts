/**
 * What "at least once, never twice" rests on: a feed that reads each event into deliveries once even
 * with two processes reading, a sweep that sends what a lost job left behind, and a feed that never
 * sends the history from before it first ran (a restored desk's).
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { waitFor } from '../../../tests/support/wait-for';
import { backupPlan } from '../ops/backup/backup-tables';
import { WebhookFeed } from './webhook-feed';
import type { WebhookDb } from './webhook-database';

const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

// The operator's endpoint at the receiver for placed orders, and a customer's buys, set up once for
// the file, for every test; with the deliveries as stored and the feed's readings.
const it = withApp.extend('hooks', { scope: 'file', auto: true }, async ({ t, admin, receiver }) => {
  await giveDepositWallet(t);
  const customer = await createCustomer(t, '+919600000031');
  const created = await json(t.call('POST', '/api/admin/webhooks', { token: admin, body: { url: `${receiver.url}/r`, eventTypes: ['order.placed'] } }));
  expect(created.status).toBe(201);
  const deliveries = async () => (await t.database.pool.query('select id, event_id, state from webhook_deliveries order by created_at')).rows;
  /**
   * The feed's readings until they have written `count` deliveries. An event committed while an older
   * transaction is still open stays unreadable a moment: a reading that finds events before it returns
   * without it, and the next one writes it (a loaded clean-clone run met this).
   */
  const readUntil = async (count: number) => {
    const written: { id: string }[] = [];
    if (count > 0) await waitFor(`${count} deliveries written`, async () => (written.push(...(await t.deps.webhooks.feed.catchUp())), written.length >= count));
    return written;
  };
  const placeBuy = async () => (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order._id as string;
  return { deliveries, readUntil, placeBuy };
});

describe('webhook deliveries when processes race, stop or restart', () => {
  it('never sends events from before the feed first ran', async ({ t, hooks: { readUntil, placeBuy } }) => {
    const before = await placeBuy();
    await t.database.pool.query(`insert into webhook_feed (id, position, started_at) values (1, null, now() + interval '1 second')`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await placeBuy();
    expect(await readUntil(1)).toHaveLength(1);
    const bodies = (await t.database.pool.query('select order_id from webhook_deliveries')).rows.map((r) => r.order_id);
    expect(bodies).toEqual([after]);
    expect(bodies).not.toContain(before);
  });

  it('reads each event into one delivery even when two processes read at once', async ({ t, hooks: { deliveries, readUntil, placeBuy } }) => {
    await Promise.all([placeBuy(), placeBuy(), placeBuy()]);
    const db = t.database.db as unknown as WebhookDb;
    const [first, second] = await Promise.all([new WebhookFeed(db, t.deps.eventStore, 1).catchUp(), new WebhookFeed(db, t.deps.eventStore, 1).catchUp()]);
    // Whichever held the feed wrote them; a second reading (the other, or this one again) writes none.
    const later = await readUntil(3 - first.length - second.length);
    expect(first.length + second.length + later.length).toBe(3);
    expect(await t.deps.webhooks.feed.catchUp()).toEqual([]);
    const rows = await deliveries();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(4);
  });

  it('sends, through the sweep, every delivery due that no job picked up', async ({ t, receiver, hooks: { deliveries } }) => {
    // No job was ever queued for these (the process "died" after the feed wrote them).
    await t.database.pool.query(`update webhook_deliveries set next_attempt_at = now() - interval '1 minute'`);
    expect(await t.deps.webhooks.dispatch.sweep()).toBe(4);
    await waitFor('every delivery sent', async () => (await deliveries()).every((r) => r.state === 'delivered'));
    expect(receiver.requests).toHaveLength(4);
    expect(new Set(receiver.requests.map((r) => r.headers['x-desk-delivery'])).size).toBe(4);
    // Nothing is due any more: a second sweep sends nothing again.
    expect(await t.deps.webhooks.dispatch.sweep()).toBe(0);
  });

  it("backs up the endpoints and their logs, but not the feed's place in a log a restore renumbers", async ({ t }) => {
    const tables = (await backupPlan(t.database.pool)).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts']));
    expect(tables).not.toContain('webhook_feed');
    expect(tables.indexOf('webhook_endpoints')).toBeLessThan(tables.indexOf('webhook_deliveries'));
  });

  it('sends nothing unsigned when a secret no longer opens, and says why in the log', async ({ t, receiver, hooks: { placeBuy } }) => {
    await placeBuy();
    // Read on until the order's event is readable (another open transaction can hold it back a moment).
    const delivery = await waitFor('the feed to write the delivery', async () => (await t.deps.webhooks.feed.catchUp())[0]);
    // As after a change of the server's token secret: the sealed secret no longer opens.
    await t.database.pool.query(`update webhook_endpoints set secret_sealed = 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA'`);
    const before = receiver.requests.length;
    await t.deps.webhooks.dispatch.deliver(delivery.id);
    expect(receiver.requests).toHaveLength(before);
    const { rows } = await t.database.pool.query(
      'select d.state, a.error from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id where d.id = $1',
      [delivery.id],
    );
    expect(rows).toEqual([{ state: 'retrying', error: expect.stringMatching(/^The signing secret could not be read/) }]);
  });
});
