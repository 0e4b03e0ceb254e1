import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { giveDepositWallet } from '../support/deposit-wallet';
import { PNG_1PX, dataUrl } from '../support/sample-files';
import { startIdempotencySweep } from '../../services/src/jobs/idempotency-sweep';
import { IdempotencyKeys } from '../../services/src/http/idempotency-keys';

const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };

/**
 * Idempotency keys that heal (decision 0045): a key expires after 24 hours, and one whose request died
 * mid-flight is taken over by a retry a minute later, which acts once even when the first run had
 * already appended its events. "Died" is what a SIGKILL between the append and the answer leaves:
 * the events in the store and the key claimed with no answer; the test makes that state by taking the
 * answer back off the row (and its renewal time back a minute) after a request ran.
 */
describe('idempotency keys that heal', () => {
  let customer: string;
  const it = withApp
    .extend(
      'place',
      ({ t }) =>
        (key: string, body: unknown = BUY) =>
          json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body, headers: { 'idempotency-key': key } })),
    )
    .extend(
      'adminPost',
      ({ t, admin }) =>
        (path: string, key: string, body: unknown = {}) =>
          json(t.call('POST', `/api/admin/orders/${path}`, { token: admin, body, headers: { 'idempotency-key': key } })),
    )
    .extend(
      'eventsOf',
      ({ t }) =>
        async (orderId: string, type: string) =>
          (await t.deps.eventStore.readStream(`order-${orderId}`)).filter((e) => e.type === type),
    )
    .extend('placedBy', ({ t }) => async (userToken: string) => {
      const orders = await json(t.call('GET', '/api/orders', { token: userToken }));
      return orders.body.orders.length as number;
    });

  it.beforeAll(async ({ t }) => {
    await giveDepositWallet(t);
    customer = await createCustomer(t, '+919600000071');
  });

  it('places one order when the retry of a request killed after its append runs again', async ({ t, place, sql, diedMidRequest, eventsOf }) => {
    const first = await place('killed-place');
    expect(first.status).toBe(201);
    const orderId = first.body.order._id as string;
    await diedMidRequest('killed-place', 5);
    // Still within the minute: the claim may belong to a live request.
    expect(await place('killed-place')).toMatchObject({ status: 409, body: { code: 'idempotency_in_progress' } });

    await diedMidRequest('killed-place', 61);
    const retry = await place('killed-place');
    expect(retry.status).toBe(201);
    expect(retry.body.order._id).toBe(orderId);
    expect(retry.body.order.refCode).toBe(first.body.order.refCode);
    expect(await eventsOf(orderId, 'OrderPlaced')).toHaveLength(1);
    // One claim against the customer's limits, not two.
    expect((await sql('select count(*)::int as n from order_ref_codes where order_id = $1', [orderId])).rows[0].n).toBe(1);
    // The answer is kept now: the next retry is a replay.
    const replay = await t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY, headers: { 'idempotency-key': 'killed-place' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('places the order when the request died before its append', async ({ place, sql, eventsOf }) => {
    const before = await place('hash-source');
    const { request_hash } = (await sql(`select request_hash from idempotency_keys where key = 'hash-source'`)).rows[0];
    // A claim left by a process that died before appending anything: the key claimed, no event.
    await sql(
      `insert into idempotency_keys (scope, key, request_hash, claimed_at) select scope, 'died-early', request_hash, now() - interval '2 minutes' from idempotency_keys where key = 'hash-source'`,
    );
    expect(request_hash).toMatch(/^[0-9a-f]{64}$/);
    const retry = await place('died-early');
    expect(retry.status).toBe(201);
    expect(retry.body.order._id).not.toBe(before.body.order._id);
    expect(await eventsOf(retry.body.order._id, 'OrderPlaced')).toHaveLength(1);
  });

  it('lets exactly one of two retries at once take over a dead claim', async ({ t, place, diedMidRequest, eventsOf, placedBy }) => {
    const first = await place('raced-place');
    await diedMidRequest('raced-place', 90);
    await t.project();
    const placedBefore = await placedBy(customer);
    const retries = await Promise.all([place('raced-place'), place('raced-place'), place('raced-place')]);
    const ran = retries.filter((r) => r.status === 201);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    for (const r of retries) expect([201, 409]).toContain(r.status);
    for (const r of ran) expect(r.body.order._id).toBe(first.body.order._id);
    expect(retries.filter((r) => r.status === 409).every((r) => r.body.code === 'idempotency_in_progress')).toBe(true);
    await t.project();
    expect(await placedBy(customer)).toBe(placedBefore);
    expect(await eventsOf(first.body.order._id, 'OrderPlaced')).toHaveLength(1);
  });

  it('records a proof, a completion and a rejection once when their requests are retried after dying', async ({
    t,
    place,
    adminPost,
    sql,
    diedMidRequest,
    eventsOf,
  }) => {
    const upload = (orderId: string, key: string) =>
      json(t.call('POST', `/api/orders/${orderId}/upload`, { token: customer, body: { bankReference: 'UTR123456789' }, headers: { 'idempotency-key': key } }));
    const order = (await place('proof-order')).body.order;
    expect((await upload(order._id, 'proof-1')).status).toBe(200);
    await diedMidRequest('proof-1', 61);
    const proofRetry = await upload(order._id, 'proof-1');
    expect(proofRetry.status).toBe(200);
    expect(await eventsOf(order._id, 'ProofSubmitted')).toHaveLength(1);

    // A proof with a file: the retry stores the file again, and removes it once it finds the proof recorded.
    const withFile = (await place('file-order')).body.order;
    const uploadFile = () =>
      json(
        t.call('POST', `/api/orders/${withFile._id}/upload`, {
          token: customer,
          body: { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR987654321' },
          headers: { 'idempotency-key': 'proof-file' },
        }),
      );
    const filesBefore = (await sql('select count(*)::int as n from stored_files')).rows[0].n;
    expect((await uploadFile()).status).toBe(200);
    await diedMidRequest('proof-file', 61);
    expect((await uploadFile()).body.order.attachments).toHaveLength(1);
    expect(await eventsOf(withFile._id, 'ProofSubmitted')).toHaveLength(1);
    expect((await sql('select count(*)::int as n from stored_files')).rows[0].n).toBe(filesBefore + 1);

    expect((await adminPost(`${order._id}/verify`, 'verify-1')).status).toBe(200);
    expect((await adminPost(`${order._id}/crypto-sent`, 'sent-1', { cryptoReference: '0xfeed01' })).status).toBe(200);
    const done = await adminPost(`${order._id}/complete`, 'complete-1');
    expect(done.body.order.status).toBe('completed');
    await diedMidRequest('complete-1', 61);
    // The retry answers the order as its first run left it, not the decider's refusal of a second completion.
    expect(await adminPost(`${order._id}/complete`, 'complete-1')).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
    expect(await eventsOf(order._id, 'OrderCompleted')).toHaveLength(1);

    const other = (await place('reject-order')).body.order;
    expect((await adminPost(`${other._id}/reject`, 'reject-1', { reasonCode: 'other' })).status).toBe(200);
    await diedMidRequest('reject-1', 61);
    expect(await adminPost(`${other._id}/reject`, 'reject-1', { reasonCode: 'other' })).toMatchObject({ status: 200, body: { order: { status: 'rejected' } } });
    expect(await eventsOf(other._id, 'OrderRejected')).toHaveLength(1);
  });

  it('keeps a renewed claim from a retry, and lets a holder that lost its claim record nothing', async ({ t, sql }) => {
    const keys = new IdempotencyKeys(t.database.db);
    const slow = (await keys.claim('lease-scope', 'lease', 'hash'))!;
    expect(slow).not.toBeNull();
    await sql(`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = 'lease'`);
    // A live request renews its claim every 20 s: renewed, it is not taken over.
    expect(await keys.renew('lease-scope', 'lease', slow)).toBe(true);
    expect(await keys.claim('lease-scope', 'lease', 'hash')).toBeNull();
    expect(await keys.held('lease-scope', 'lease', 'hash')).toEqual({ kind: 'in_progress' });

    await sql(`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = 'lease'`);
    const retry = (await keys.claim('lease-scope', 'lease', 'hash'))!;
    expect(retry.requestId).toBe(slow.requestId);
    expect(retry.token).not.toBe(slow.token);
    // The first holder (paused, not dead) wakes: it neither renews nor answers over the retry.
    expect(await keys.renew('lease-scope', 'lease', slow)).toBe(false);
    await keys.complete('lease-scope', 'lease', slow, 200, '{"from":"first"}');
    await keys.release('lease-scope', 'lease', slow);
    expect(await keys.held('lease-scope', 'lease', 'hash')).toEqual({ kind: 'in_progress' });
    await keys.complete('lease-scope', 'lease', retry, 200, '{"from":"retry"}');
    expect(await keys.held('lease-scope', 'lease', 'hash')).toEqual({ kind: 'answered', status: 200, body: '{"from":"retry"}' });
    // Another request's hash under a key still live is a reuse, not a takeover.
    expect(await keys.held('lease-scope', 'lease', 'other')).toEqual({ kind: 'reused' });
  });

  it('lets the retry of a request that failed on the server take its key at once, under the same request id', async ({ t }) => {
    const keys = new IdempotencyKeys(t.database.db);
    const failed = (await keys.claim('release-scope', 'released', 'hash'))!;
    await keys.release('release-scope', 'released', failed);
    // The failed run's late answer records nothing; the key still stands for this request alone.
    await keys.complete('release-scope', 'released', failed, 200, '{"late":true}');
    expect(await keys.held('release-scope', 'released', 'other')).toEqual({ kind: 'reused' });
    // Its retry runs again as the same request: whatever the failed run appended, the retry finds.
    const retry = (await keys.claim('release-scope', 'released', 'hash'))!;
    expect(retry.requestId).toBe(failed.requestId);
    expect(await keys.claim('release-scope', 'released', 'hash')).toBeNull();
  });

  it('treats a key older than 24 hours as new, before the sweep deletes it', async ({ place, sql }) => {
    const first = await place('day-old');
    await sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'day-old'`);
    // A different request under the old key is not "reused": the key is new again.
    const again = await place('day-old', { ...BUY, fiatAmount: 12000 });
    expect(again.status).toBe(201);
    expect(again.body.order._id).not.toBe(first.body.order._id);
    expect(Number(again.body.order.fiatAmount)).toBe(12000);
  });

  it('sweeps keys past 24 hours in batches and keeps the others', async ({ t, place, sql }) => {
    await place('fresh-key');
    await sql(
      `insert into idempotency_keys (scope, key, request_hash, status_code, response_body, created_at)
       select 'sweep-scope', 'old-' || i, 'h', 200, '{}', now() - interval '25 hours' from generate_series(1, 2500) i`,
    );
    const sweep = startIdempotencySweep(t.database.db, 3_600_000);
    try {
      expect(await sweep.sweepNow()).toBeGreaterThanOrEqual(2500);
    } finally {
      await sweep.stop();
    }
    expect((await sql(`select count(*)::int as n from idempotency_keys where created_at < now() - interval '24 hours'`)).rows[0].n).toBe(0);
    expect((await sql(`select count(*)::int as n from idempotency_keys where key = 'fresh-key'`)).rows[0].n).toBe(1);
    // The sweep's delete finds its rows through the created_at index, not by reading the whole table.
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = await client.query(
        `explain select ctid from idempotency_keys where created_at < now() - interval '24 hours' order by created_at limit 1000`,
      );
      await client.query('rollback');
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('idempotency_keys_created_at_idx');
    } finally {
      client.release();
    }
  });
});
