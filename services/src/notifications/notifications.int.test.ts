import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { appTestWith } from '../../../tests/support/app-fixtures';
import { startRecordingServer } from '../../../tests/support/recording-http-server';
import { createBrandAdmin } from '../../../tests/support/brands';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { waitFor } from '../../../tests/support/wait-for';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { resetForRebuild } from '@desk/projections/runtime/checkpoint-store';
import { notificationsProjection } from '@desk/projections/read-models/notifications/notifications.projection';
import { customerNotifications } from '@desk/projections/read-models/notifications/notifications.queries';
import { NotificationDispatcher } from './notification-dispatch';
import { notificationSmsJob } from './notification-sms';
import { SmsTemplateStore } from './sms-template-store';
import type { ServicesDatabase } from '../db/services-database';
import { SMS_PER_CUSTOMER_PER_HOUR } from './sms-decision';
import { createSmsSender } from '../main/short-lived-deps';
import { startTestRedis } from '../../../tests/support/redis-server';
import { BullQueue, startJobWorker } from '../jobs/bull-queue';
import type { JobHandlers } from '../jobs/job-queue';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };
const TX = 'a'.repeat(64);
const BODY = '{"to":"{{phone}}","message":"{{message}}","template_id":"{{template_id}}","entity_id":"{{entity_id}}","id":"{{message_id}}"}';
const ENTITY = '1101000000000000001';
const TEMPLATES = {
  dltEntityId: ENTITY,
  senderId: 'DESKUS',
  templates: {
    payment_verified: { text: 'Payment for {{ref}} received -{{brand}}', dltTemplateId: '1107000000000000001' },
    buy_completed: { text: 'Order {{ref}} complete. Tx {{tx_hash}} -{{brand}}', dltTemplateId: '1107000000000000002' },
    sell_completed: { text: 'Order {{ref}} paid, UTR {{utr}} -{{brand}}', dltTemplateId: '1107000000000000003' },
    rejected: { text: 'Order {{ref}} rejected. {{reason}}', dltTemplateId: '1107000000000000004' },
    expired: { text: 'Order {{ref}} expired -{{brand}}', dltTemplateId: '1107000000000000005' },
  },
};

// The SMS gateway, a local server recording what is sent to it: listening before the app that sends
// to it is made, since its settings name the address (a port chosen first and bound later could be
// taken by another file's server in between).
const smsGateway = await startRecordingServer();
const GATEWAY_URL = `${smsGateway.url}/sms`;

const it = appTestWith({ SMS_PROVIDER: 'http', SMS_HTTP_URL: GATEWAY_URL, SMS_HTTP_BODY: BODY })
  // The gateway above, closed when the file ends.
  // eslint-disable-next-line no-empty-pattern
  .extend('gateway', { scope: 'file' }, async ({}, { onCleanup }) => {
    onCleanup(() => smsGateway.close());
    return smsGateway;
  })
  // The operator's brand name, a dispatcher, and the steps the tests take (set up once for the file, for every test).
  .extend('desk', { scope: 'file', auto: true }, async ({ t, admin: operator, gateway }) => {
    const brandName = (await t.deps.directory.profile(DEFAULT_TENANT_ID)).name;
    const dispatcher = new NotificationDispatcher(t.database.db, t.deps.queue);
    const texts = () => gateway.requests.map((r) => JSON.parse(r.body) as { to: string; message: string; template_id: string; entity_id: string; id: string });
    /** What the projector and the worker do in the background: project, queue, and wait for the jobs to decide. */
    const deliver = async () => {
      await t.project();
      await dispatcher.dispatch();
      await waitFor('every queued SMS job run', async () => {
        const { waiting, active } = await t.deps.queue.depth();
        return waiting === 0 && active === 0;
      });
    };
    // Queued jobs run side by side: their rows and texts come in any order.
    const smsRows = (userId: string) =>
      t.database.db.selectFrom('notification_sms').select(['kind', 'status', 'text']).where('user_id', '=', userId).orderBy('kind').execute();
    const customer = async (phone: string) => {
      const token = await createCustomer(t, phone);
      const me = await json(t.call('GET', '/api/auth/me', { token }));
      return { token, id: me.body._id as string, phone };
    };
    const placeBuy = async (token: string) =>
      (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token, body: BUY }))).body.order as { _id: string; refCode: string };
    /** The operator's admin acts on an order (`verify`, `complete`, `reject`). */
    const asAdmin = (order: string, action: string, body: object = {}) => t.call('POST', `/api/admin/orders/${order}/${action}`, { token: operator, body });
    /** A new customer whose buy was rejected, and the notification the projection made of it. */
    const rejectedBuy = async (phone: string) => {
      const who = await customer(phone);
      const order = await placeBuy(who.token);
      await asAdmin(order._id, 'reject', { reasonCode: 'utr_not_found' });
      await t.project();
      const [row] = await customerNotifications(t.database.db, who.id, { limit: 1 });
      return { who, order, row: row! };
    };
    /** The SMS sender of a worker, to the test's gateway. */
    const gatewaySms = () => createSmsSender({ NODE_ENV: 'test', SMS_PROVIDER: 'http', SMS_HTTP_URL: GATEWAY_URL, SMS_HTTP_BODY: BODY });
    return { brandName, texts, deliver, smsRows, customer, placeBuy, asAdmin, rejectedBuy, gatewaySms };
  });

describe('customer notifications', () => {
  it('the operator registers the brand’s templates; a brand admin may not, and a placeholder the message does not offer is refused', async ({
    t,
    admin: operator,
  }) => {
    const path = `/api/admin/tenants/${DEFAULT_TENANT_ID}/sms-templates`;
    const before = await json(t.call('GET', path, { token: operator }));
    expect(before.body.templates.buy_completed).toMatchObject({ isDefault: true, dltTemplateId: null, placeholders: expect.arrayContaining(['tx_hash']) });

    const wrong = await json(
      t.call('PUT', path, { token: operator, body: { ...TEMPLATES, templates: { buy_completed: { text: 'UTR {{utr}}', dltTemplateId: null } } } }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('validation_error');
    expect(wrong.body.details[0].path).toBe('templates.buy_completed.text');
    expect((await json(t.call('GET', path, { token: operator }))).body.templates.buy_completed.isDefault).toBe(true);

    const brand = await createBrandAdmin(t, 'notices.example', '+919600000001');
    expect((await t.call('PUT', `/api/admin/tenants/${brand.tenantId}/sms-templates`, { token: brand.token, body: TEMPLATES })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/tenants/${brand.tenantId}/sms-templates`, { token: brand.token })).status).toBe(403);

    const saved = await json(t.call('PUT', path, { token: operator, body: TEMPLATES, headers: { 'x-forwarded-for': '203.0.113.7' } }));
    expect(saved.status).toBe(200);
    expect(saved.body.templates.buy_completed).toMatchObject({ isDefault: false, dltTemplateId: '1107000000000000002' });
    const trail = await t.deps.eventStore.readStream(`smstemplates-${DEFAULT_TENANT_ID}`);
    expect(trail.at(-1)).toMatchObject({ type: 'SmsTemplatesChanged', metadata: { ip: '203.0.113.7', actor: { role: 'admin' } } });
    expect((trail.at(-1)!.data as { after: unknown }).after).toEqual(TEMPLATES);
  });

  it('texts a completed buy once, with the transaction, the brand’s template and its DLT ids, and lists it in the bell', async ({ t, desk }) => {
    const { brandName, texts, deliver, customer, placeBuy, asAdmin } = desk;
    const asha = await customer('+919700000001');
    const order = await placeBuy(asha.token);
    expect((await asAdmin(order._id, 'verify')).status).toBe(200);
    expect((await asAdmin(order._id, 'complete', { cryptoReference: TX })).status).toBe(200);
    await deliver();

    const mine = texts().filter((m) => m.to === asha.phone);
    expect(mine.map((m) => m.message).sort()).toEqual([
      `Order ${order.refCode} complete. Tx ${TX} -${brandName}`,
      `Payment for ${order.refCode} received -${brandName}`,
    ]);
    expect(mine.find((m) => m.message.includes(TX))).toMatchObject({ template_id: '1107000000000000002', entity_id: ENTITY });
    expect(new Set(mine.map((m) => m.id)).size).toBe(2);

    const bell = await json(t.call('GET', '/api/user/notifications', { token: asha.token }));
    expect(bell.status).toBe(200);
    expect(bell.body.items.map((n: { kind: string }) => n.kind)).toEqual(['buy_completed', 'payment_verified']);
    expect(bell.body.items[0]).toMatchObject({ refCode: order.refCode, txHash: TX, read: false, sms: 'sent', orderId: order._id });
    expect(bell.body).toMatchObject({ unread: 2, nextCursor: null });
  });

  it('sends nothing again when the projection is rebuilt and replayed, or the same notification is queued by another dispatcher', async ({
    t,
    gateway,
    desk,
  }) => {
    const { deliver } = desk;
    const before = gateway.requests.length;
    await resetForRebuild(t.database.db, notificationsProjection, 0);
    await deliver();
    await new NotificationDispatcher(t.database.db, t.deps.queue).dispatch();
    await deliver();
    expect(gateway.requests.length).toBe(before);
  });

  it('two workers running the same job send it once', async ({ t, gateway, desk: { brandName, texts, rejectedBuy, gatewaySms } }) => {
    const { who: ravi, order, row } = await rejectedBuy('+919700000002');
    const job = { notificationId: row.id, userId: ravi.id, tenantId: row.tenantId, kind: row.kind, facts: row.facts };
    const sms = gatewaySms();
    const workerDeps = { db: t.database.db, sms, templates: () => t.deps.notifications.templates.get(DEFAULT_TENANT_ID), brandName: async () => brandName };
    const before = gateway.requests.length;
    await Promise.all([notificationSmsJob(workerDeps)(job), notificationSmsJob(workerDeps)(job), notificationSmsJob(workerDeps)(job)]);
    const sent = texts().slice(before);
    expect(sent).toEqual([
      expect.objectContaining({ to: ravi.phone, message: `Order ${order.refCode} rejected. We could not find a payment with the reference you gave.` }),
    ]);
  });

  it('an opted-out customer gets no optional SMS but still the essential ones; the bell shows both', async ({ t, desk }) => {
    const { brandName, texts, deliver, smsRows, customer, placeBuy, asAdmin } = desk;
    const mira = await customer('+919700000003');
    const off = await json(t.call('PUT', '/api/user/notification-preferences', { token: mira.token, body: { optionalSms: false } }));
    expect(off.body).toMatchObject({
      optionalSms: false,
      essential: ['buy_completed', 'sell_completed', 'rejected'],
      optional: ['payment_verified', 'expired'],
    });
    expect((await json(t.call('GET', '/api/user/notification-preferences', { token: mira.token }))).body.optionalSms).toBe(false);
    expect((await t.call('PUT', '/api/user/notification-preferences', { token: mira.token, body: { optionalSms: 'no' } })).status).toBe(400);

    const order = await placeBuy(mira.token);
    await asAdmin(order._id, 'verify');
    await asAdmin(order._id, 'complete', { cryptoReference: TX });
    await deliver();
    expect(await smsRows(mira.id)).toEqual([
      { kind: 'buy_completed', status: 'sent', text: `Order ${order.refCode} complete. Tx ${TX} -${brandName}` },
      { kind: 'payment_verified', status: 'opted_out', text: null },
    ]);
    expect(texts().filter((m) => m.to === mira.phone)).toHaveLength(1);
    const bell = await json(t.call('GET', '/api/user/notifications', { token: mira.token }));
    expect(bell.body.items.map((n: { kind: string; sms: string }) => [n.kind, n.sms])).toEqual([
      ['buy_completed', 'sent'],
      ['payment_verified', 'opted_out'],
    ]);
  });

  it('a burst of jobs for one customer on a small pool all finish: none holds a connection while it waits for another (review 11, F1)', async ({ t, desk }) => {
    const { brandName, smsRows, rejectedBuy, gatewaySms } = desk;
    const { who: neha, row } = await rejectedBuy('+919700000009');
    // Four connections, twelve jobs at once, and the templates read from the same pool as in the API process.
    const small = new Kysely<ServicesDatabase>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.database.url, max: 4 }) }) });
    try {
      const store = new SmsTemplateStore(small, t.deps.eventStore);
      const sms = gatewaySms();
      const job = notificationSmsJob({ db: small, sms, templates: (id) => store.get(id), brandName: async () => brandName });
      const jobs = Array.from({ length: 12 }, () => ({
        notificationId: randomUUID(),
        userId: neha.id,
        tenantId: row.tenantId,
        kind: row.kind,
        facts: row.facts,
      }));
      const finished = Promise.all(jobs.map((one) => job(one)));
      const stuck = new Promise((_, fail) => setTimeout(() => fail(new Error('the jobs deadlocked the pool')), 20_000));
      await Promise.race([finished, stuck]);
      const rows = await smsRows(neha.id);
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(SMS_PER_CUSTOMER_PER_HOUR);
      expect(rows.filter((r) => r.status === 'capped')).toHaveLength(12 - SMS_PER_CUSTOMER_PER_HOUR);
    } finally {
      await small.destroy();
    }
  }, 30_000);

  it(`caps a customer at ${SMS_PER_CUSTOMER_PER_HOUR} SMS an hour; the row says why and the bell still lists it`, async ({ t, desk }) => {
    const { texts, deliver, smsRows, customer, placeBuy, asAdmin } = desk;
    const dev = await customer('+919700000004');
    for (let i = 0; i < 3; i++) {
      const order = await placeBuy(dev.token);
      await asAdmin(order._id, 'verify');
      await asAdmin(order._id, 'complete', { cryptoReference: `${i}`.repeat(64) });
    }
    await deliver();
    const rows = await smsRows(dev.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['capped', ...Array(SMS_PER_CUSTOMER_PER_HOUR).fill('sent')]);
    expect(texts().filter((m) => m.to === dev.phone)).toHaveLength(SMS_PER_CUSTOMER_PER_HOUR);
    const bell = await json(t.call('GET', '/api/user/notifications', { token: dev.token }));
    expect(bell.body.items).toHaveLength(6);
    // Jobs decide in the order they take the customer's lock, not the order they were queued in.
    expect(bell.body.items.filter((n: { sms: string }) => n.sms === 'capped')).toHaveLength(1);
  });

  it('pages newest first by cursor, marks read by id or all, and keeps read marks through a rebuild', async ({ t }) => {
    const dev = await t.login('+919700000004', 'secret1');
    const first = await json(t.call('GET', '/api/user/notifications?limit=4', { token: dev }));
    expect(first.body.items).toHaveLength(4);
    expect(first.body.unread).toBe(6);
    const second = await json(t.call('GET', `/api/user/notifications?limit=4&cursor=${first.body.nextCursor}`, { token: dev }));
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...second.body.items];
    expect(all.map((n: { createdAt: string }) => n.createdAt)).toEqual([...all.map((n: { createdAt: string }) => n.createdAt)].sort().reverse());

    const marked = await json(t.call('POST', '/api/user/notifications/read', { token: dev, body: { ids: [all[5].id.toUpperCase()] } }));
    expect(marked.body.unread).toBe(5);
    await resetForRebuild(t.database.db, notificationsProjection, 0);
    await t.project();
    const after = await json(t.call('GET', '/api/user/notifications', { token: dev }));
    expect(after.body.items.map((n: { read: boolean }) => n.read)).toEqual([false, false, false, false, false, true]);
    expect((await json(t.call('POST', '/api/user/notifications/read', { token: dev, body: {} }))).body.unread).toBe(0);
    expect((await json(t.call('GET', '/api/user/notifications', { token: dev }))).body.items.every((n: { read: boolean }) => n.read)).toBe(true);

    expect((await t.call('GET', '/api/user/notifications?cursor=not-a-cursor', { token: dev })).status).toBe(400);
    expect((await t.call('GET', '/api/user/notifications?limit=500', { token: dev })).status).toBe(400);
    expect((await t.call('GET', '/api/user/notifications')).status).toBe(401);
  });

  it("another customer's notification is 404, to read or to mark, and marking it changes nothing", async ({ t, desk: { customer } }) => {
    const asha = await t.login('+919700000001', 'secret1');
    const ashas = (await json(t.call('GET', '/api/user/notifications', { token: asha }))).body.items[0];
    expect((await json(t.call('GET', `/api/user/notifications/${ashas.id}`, { token: asha }))).body.notification.id).toBe(ashas.id);
    const eve = await customer('+919700000005');
    expect((await json(t.call('GET', `/api/user/notifications/${ashas.id}`, { token: eve.token }))).status).toBe(404);
    expect((await t.call('GET', '/api/user/notifications/not-an-id', { token: eve.token })).status).toBe(404);
    const refused = await json(t.call('POST', '/api/user/notifications/read', { token: eve.token, body: { ids: [ashas.id] } }));
    expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await t.database.db.selectFrom('notification_reads').selectAll().where('notification_id', '=', ashas.id).execute()).toEqual([]);
    expect((await json(t.call('GET', '/api/user/notifications', { token: eve.token }))).body.items).toEqual([]);
  });

  it('texts a completed sell with its UTR', async ({ t, desk: { brandName, texts, deliver, customer, asAdmin } }) => {
    await giveDepositWallet(t);
    const sam = await customer('+919700000006');
    const placed = await json(
      t.call('POST', '/api/orders/crypto-to-fiat', { token: sam.token, body: { cryptoAmount: 100, network: 'TRC20', method: 'cash' } }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as { _id: string; refCode: string };
    await asAdmin(order._id, 'verify');
    expect((await asAdmin(order._id, 'complete', { bankUtr: 'UTR123456789' })).status).toBe(200);
    await deliver();
    expect(
      texts()
        .filter((m) => m.to === sam.phone)
        .map((m) => m.message)
        .sort(),
    ).toEqual([`Order ${order.refCode} paid, UTR UTR123456789 -${brandName}`, `Payment for ${order.refCode} received -${brandName}`]);
  });

  it('two job workers on one Redis, each with its own dispatcher, send a notification once', async ({ t, desk }) => {
    const { brandName, texts, smsRows, customer, placeBuy, asAdmin, gatewaySms } = desk;
    const redis = await startTestRedis();
    const queues = [new BullQueue(redis.url), new BullQueue(redis.url)];
    const sms = gatewaySms();
    const handlers = () =>
      ({
        'notification.sms': notificationSmsJob({
          db: t.database.db,
          sms,
          templates: (tenantId) => t.deps.notifications.templates.get(tenantId),
          brandName: async () => brandName,
        }),
      }) as unknown as JobHandlers;
    const workers = [startJobWorker(redis.url, handlers()), startJobWorker(redis.url, handlers())];
    try {
      const kim = await customer('+919700000007');
      const order = await placeBuy(kim.token);
      await asAdmin(order._id, 'reject', { reasonCode: 'amount_mismatch' });
      await t.project();
      // Both dispatchers at once (BullMQ keeps one job per id while it exists), then the second again once
      // the job is done and gone: the same notification runs a second time, on either worker.
      await Promise.all(queues.map((queue) => new NotificationDispatcher(t.database.db, queue).dispatch()));
      await waitFor('the SMS sent', async () => (await smsRows(kim.id)).some((r) => r.status === 'sent'), 15_000);
      expect(await new NotificationDispatcher(t.database.db, queues[1]!).dispatch()).toBeGreaterThan(0);
      await waitFor('the queue drained', async () => {
        const { waiting, active } = await queues[1]!.depth();
        return waiting === 0 && active === 0;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(texts().filter((m) => m.to === kim.phone)).toEqual([
        expect.objectContaining({
          message: `Order ${order.refCode} rejected. The amount we received did not match the order amount. Please contact support about a refund.`,
        }),
      ]);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(queues.map((queue) => queue.close()));
      await redis.stop();
    }
  }, 60_000);
});
