/**
 * Signed webhooks against a real receiver (a local HTTP server): deliveries from the event log,
 * signed and checked with the documented verifier, retried while the receiver is down, one brand's
 * events never at another's endpoint, another brand's admin answered 404, rotation's overlap.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { appTestWith } from '../../../tests/support/app-fixtures';
import { createBrandAdmin } from '../../../tests/support/brands';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { startRecordingServer, type RecordedRequest } from '../../../tests/support/recording-http-server';
import { waitFor } from '../../../tests/support/wait-for';
import { verifySignature } from './verify-signature';
import { startWebhookFeed } from './webhooks';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };
const FROM = { 'x-forwarded-for': '198.51.100.77', 'user-agent': 'webhook-test' };

const bodyOf = (request: RecordedRequest) => JSON.parse(request.body) as { id: string; type: string; brand: string; data: Record<string, unknown> };

// Retries a moment apart instead of minutes: the schedule's shape is what is tested.
const it = appTestWith({ webhookRetryDelaysMs: [400, 1200] })
  // Two brands, each with its admin, a deposit wallet and a customer, and the webhook feed running,
  // set up once for the file, for every test; with the calls the tests make. `receiver` is the one
  // listening now: a test stops it and starts another at its address, which the later tests use.
  .extend('hooks', { scope: 'file', auto: true }, async ({ t, receiver: first }, { onCleanup }) => {
    const brandA = await createBrandAdmin(t, 'hooks-a.example', '+919600000001');
    const brandB = await createBrandAdmin(t, 'hooks-b.example', '+919600000002');
    await giveDepositWallet(t, brandA.tenantId);
    await giveDepositWallet(t, brandB.tenantId);
    const customerA = await createCustomer(t, '+919600000011', 'secret1', { tenantId: brandA.tenantId, host: 'hooks-a.example' });
    const customerB = await createCustomer(t, '+919600000012', 'secret1', { tenantId: brandB.tenantId, host: 'hooks-b.example' });
    const feed = await startWebhookFeed(t.deps.webhooks, t.deps.eventStore, 200);
    const hooks = {
      receiver: first,
      brandA,
      brandB,
      customerA,
      customerB,
      call: (method: string, url: string, token: string, body?: unknown) => json(t.call(method, url, { token, body, headers: FROM })),
      requestsFor: (path: string) => hooks.receiver.requests.filter((r) => r.url === path),
      placeBuy: async (token: string, host: string) =>
        (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token, body: BUY, headers: { host } }))).body.order as { _id: string; refCode: string },
    };
    onCleanup(async () => {
      await feed.stop();
      // The receiver started again at the first one's address (the fixture closes the first).
      if (hooks.receiver !== first) await hooks.receiver.close();
    });
    return hooks;
  });

describe('signed webhooks', () => {
  let endpointB: string;
  let secretB: string;
  let endpointA: string;

  it('registers an endpoint per brand, its secret shown once and sealed at rest, on the admin trail', async ({ t, hooks }) => {
    const { receiver, brandA, brandB, call } = hooks;
    const created = await call('POST', '/api/admin/webhooks', brandB.token, {
      url: `${receiver.url}/b`,
      eventTypes: ['order.placed', 'order.cancelled', 'order.verified'],
      description: 'CRM',
    });
    expect(created.status).toBe(201);
    expect(created.body.endpoint).toMatchObject({ tenantId: brandB.tenantId, url: `${receiver.url}/b`, enabled: true, description: 'CRM' });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    endpointB = created.body.endpoint.id;
    secretB = created.body.secret;

    const stored = await t.database.pool.query('select secret_sealed from webhook_endpoints where id = $1', [endpointB]);
    expect(stored.rows[0].secret_sealed).not.toContain(secretB.slice(6));
    const listed = await call('GET', '/api/admin/webhooks', brandB.token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(secretB);
    expect(listed.body.items.map((e: { id: string }) => e.id)).toEqual([endpointB]);
    expect(listed.body.eventTypes).toContainEqual({ type: 'order.payment_matched', label: 'Bank payment matched' });

    const [registered] = await t.deps.eventStore.readStream(`webhook-${endpointB}`);
    expect(registered).toMatchObject({
      type: 'WebhookEndpointRegistered',
      data: { endpointId: endpointB, tenantId: brandB.tenantId, eventTypes: ['order.placed', 'order.cancelled', 'order.verified'] },
      metadata: { actor: { role: 'admin' }, tenantId: brandB.tenantId, ip: '198.51.100.77', userAgent: 'webhook-test' },
    });
    expect(JSON.stringify([registered!.data, registered!.metadata])).not.toContain(secretB);

    const a = await call('POST', '/api/admin/webhooks', brandA.token, { url: `${receiver.url}/a`, eventTypes: ['order.placed'] });
    expect(a.status).toBe(201);
    endpointA = a.body.endpoint.id;
  });

  it('keeps no copy of a secret for replays: a retried registration or rotation is refused, not answered again', async ({ t, hooks }) => {
    const { receiver, brandB, call } = hooks;
    const headers = { ...FROM, 'idempotency-key': 'register-once-1' };
    const body = { url: `${receiver.url}/retried`, eventTypes: ['order.expired'] };
    const first = await json(t.call('POST', '/api/admin/webhooks', { token: brandB.token, body, headers }));
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    const retried = await json(t.call('POST', '/api/admin/webhooks', { token: brandB.token, body, headers }));
    expect(retried).toMatchObject({ status: 409, body: { code: 'secret_not_replayed' } });
    const rotateHeaders = { ...FROM, 'idempotency-key': 'rotate-once-1' };
    const rotated = await json(t.call('POST', `/api/admin/webhooks/${first.body.endpoint.id}/rotate-secret`, { token: brandB.token, headers: rotateHeaders }));
    expect(rotated.status).toBe(200);
    const again = await json(t.call('POST', `/api/admin/webhooks/${first.body.endpoint.id}/rotate-secret`, { token: brandB.token, headers: rotateHeaders }));
    expect(again).toMatchObject({ status: 409, body: { code: 'secret_not_replayed' } });
    const kept = await t.database.pool.query('select response_body from idempotency_keys');
    expect(JSON.stringify(kept.rows)).not.toContain(first.body.secret);
    expect(JSON.stringify(kept.rows)).not.toContain(rotated.body.secret);
    expect((await t.database.pool.query('select count(*)::int as n from webhook_endpoints where url = $1', [body.url])).rows[0].n).toBe(1);
    expect((await call('DELETE', `/api/admin/webhooks/${first.body.endpoint.id}`, brandB.token)).status).toBe(200);
  });

  it('refuses plain http to another host, and anything not http(s), as validation_error', async ({ t, admin: operator, hooks: { call } }) => {
    for (const url of ['http://example.com/hook', 'ftp://127.0.0.1/hook', 'https://user:pw@example.com/hook', 'not a url']) {
      const refused = await call('POST', '/api/admin/webhooks', operator, { url, eventTypes: ['order.placed'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.details[0].path).toBe('url');
    }
    const noEvents = await call('POST', '/api/admin/webhooks', operator, { url: 'https://example.com/hook', eventTypes: [] });
    expect(noEvents).toMatchObject({ status: 400, body: { details: [{ path: 'eventTypes', message: 'Choose at least one event' }] } });
    expect((await t.database.pool.query('select count(*)::int as n from webhook_endpoints')).rows[0].n).toBe(2);
  });

  it("answers another brand's admin 404 on the endpoint and its deliveries", async ({ hooks: { brandA, brandB, call } }) => {
    expect((await call('PUT', `/api/admin/webhooks/${endpointB}`, brandA.token, { description: 'mine now' })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/webhooks/${endpointB}`, brandA.token)).status).toBe(404);
    expect((await call('POST', `/api/admin/webhooks/${endpointB}/rotate-secret`, brandA.token)).status).toBe(404);
    expect((await call('GET', `/api/admin/webhooks/${endpointB}/deliveries`, brandA.token)).status).toBe(404);
    expect((await call('GET', '/api/admin/webhooks', brandA.token)).body.items.map((e: { id: string }) => e.id)).toEqual([endpointA]);
    expect((await call('GET', `/api/admin/webhooks?tenantId=${brandB.tenantId}`, brandA.token)).status).toBe(403);
    expect((await call('GET', '/api/admin/webhooks/not-an-id/deliveries', brandB.token)).status).toBe(404);
  });

  it("delivers a brand's events signed, to its own endpoint only, verified by the documented verifier", async ({ hooks }) => {
    const { brandB, customerA, customerB, requestsFor, placeBuy } = hooks;
    const orderB = await placeBuy(customerB, 'hooks-b.example');
    const orderA = await placeBuy(customerA, 'hooks-a.example');
    const [toB] = await waitFor('a delivery to brand B', async () => (requestsFor('/b').length > 0 ? requestsFor('/b') : null));
    const [toA] = await waitFor('a delivery to brand A', async () => (requestsFor('/a').length > 0 ? requestsFor('/a') : null));

    expect(verifySignature(toB!.body, toB!.headers['x-desk-signature'] as string, secretB)).toBe(true);
    const body = bodyOf(toB!);
    expect(body).toMatchObject({ type: 'order.placed', brand: brandB.tenantId, data: { orderId: orderB._id, reference: orderB.refCode, orderType: 'buy' } });
    expect(body.data).toMatchObject({ status: 'pending', network: 'TRC20', fiatAmount: '10000', utr: null, transactionHash: null, reason: null });
    // No phone, name or addresses of the customer.
    expect(toB!.body).not.toContain('+919600000012');
    expect(toB!.body).not.toContain(TRON);
    expect(toB!.headers).toMatchObject({ 'x-desk-delivery': body.id, 'x-desk-event': 'order.placed', 'content-type': 'application/json' });
    expect(bodyOf(toA!).data.orderId).toBe(orderA._id);
    // Brand A's endpoint only ever saw brand A's order, and B's only B's.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestsFor('/a').map((r) => bodyOf(r).data.orderId)).toEqual([orderA._id]);
    expect(requestsFor('/b').map((r) => bodyOf(r).data.orderId)).toEqual([orderB._id]);
  });

  it('refuses a timestamp older than five minutes, a changed body and a wrong secret', async ({ hooks: { requestsFor } }) => {
    const [request] = requestsFor('/b');
    const header = request!.headers['x-desk-signature'] as string;
    const t0 = Number(/t=(\d+)/.exec(header)![1]);
    expect(verifySignature(request!.body, header, secretB, t0 + 299)).toBe(true);
    expect(verifySignature(request!.body, header, secretB, t0 + 301)).toBe(false);
    expect(verifySignature(request!.body.replace('10000', '90000'), header, secretB)).toBe(false);
    expect(verifySignature(request!.body, header, 'whsec_someone-else')).toBe(false);
    expect(verifySignature(request!.body, undefined, secretB)).toBe(false);
  });

  it('retries while the receiver answers 500 or is gone, under the same delivery id, and logs every attempt', async ({ t, hooks }) => {
    const { receiver, brandB, customerB, call, requestsFor, placeBuy } = hooks;
    receiver.answerNext(500);
    const order = await placeBuy(customerB, 'hooks-b.example');
    const sent = await waitFor('the retry', async () => {
      const mine = requestsFor('/b').filter((r) => bodyOf(r).data.orderId === order._id);
      return mine.length >= 2 ? mine : null;
    });
    expect(new Set(sent.map((r) => r.headers['x-desk-delivery'])).size).toBe(1);
    expect(sent[0]!.body).toBe(sent[1]!.body);
    const deliveryId = bodyOf(sent[0]!).id;
    const detail = await waitFor('the delivery delivered', async () => {
      const read = await call('GET', `/api/admin/webhooks/deliveries/${deliveryId}`, brandB.token);
      return read.body.delivery?.state === 'delivered' ? read : null;
    });
    expect(detail.body.delivery).toMatchObject({ id: deliveryId, eventType: 'order.placed', attempts: 2, lastStatus: 200, orderId: order._id });
    expect(detail.body.attempts).toMatchObject([
      { number: 2, statusCode: 200, manual: false, error: null, responseExcerpt: '{"ok":true}' },
      { number: 1, statusCode: 500, manual: false, responseExcerpt: '{"ok":false}' },
    ]);

    // The receiver goes away altogether, then comes back at the same address: the retries reach it.
    const port = new URL(receiver.url).port;
    await receiver.close();
    const cancelled = await json(t.call('POST', `/api/orders/${order._id}/cancel`, { token: customerB, body: {} }));
    expect(cancelled.status).toBe(200);
    const failing = await waitFor('a refused attempt', async () => {
      const rows = await t.database.pool.query(
        `select d.id, d.state, a.error from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id where d.event_type = 'order.cancelled' and d.order_id = $1`,
        [order._id],
      );
      return rows.rows[0] ?? null;
    });
    expect(failing.error).toMatch(/ECONNREFUSED/);
    hooks.receiver = await startRecordingServer(Number(port));
    const redelivered = await waitFor('the cancellation after the receiver came back', async () => requestsFor('/b').find((r) => bodyOf(r).id === failing.id));
    expect(bodyOf(redelivered)).toMatchObject({ type: 'order.cancelled', data: { status: 'cancelled', orderId: order._id } });
  });

  it('gives up after the schedule: the delivery is failed, then Redeliver sends it again under its id', async ({ t, hooks }) => {
    const { receiver, brandA, brandB, customerB, call, requestsFor, placeBuy } = hooks;
    receiver.answerNext(503, 503, 503);
    const order = await placeBuy(customerB, 'hooks-b.example');
    const failed = await waitFor('the delivery failed', async () => {
      const rows = await t.database.pool.query(`select id, state, attempts from webhook_deliveries where order_id = $1 and state = 'failed'`, [order._id]);
      return rows.rows[0] ?? null;
    });
    expect(failed.attempts).toBe(3);
    const before = requestsFor('/b').length;

    expect((await call('POST', `/api/admin/webhooks/deliveries/${failed.id}/redeliver`, brandA.token)).status).toBe(404);
    const asked = await call('POST', `/api/admin/webhooks/deliveries/${failed.id}/redeliver`, brandB.token);
    expect(asked).toMatchObject({ status: 202 });
    const again = await waitFor('the redelivery', async () =>
      requestsFor('/b')
        .slice(before)
        .find((r) => bodyOf(r).id === failed.id),
    );
    expect(again.headers['x-desk-delivery']).toBe(failed.id);
    const detail = await waitFor('the delivered state', async () => {
      const read = await call('GET', `/api/admin/webhooks/deliveries/${failed.id}`, brandB.token);
      return read.body.delivery.state === 'delivered' ? read : null;
    });
    expect(detail.body.attempts[0]).toMatchObject({ number: 4, manual: true, statusCode: 200 });
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointB}`);
    expect(trail.at(-1)).toMatchObject({ type: 'WebhookRedeliveryRequested', data: { deliveryId: failed.id }, metadata: { ip: '198.51.100.77' } });
  });

  it('pages the delivery log newest first with a cursor', async ({ hooks: { brandB, call } }) => {
    const first = await call('GET', `/api/admin/webhooks/${endpointB}/deliveries?limit=2`, brandB.token);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', `/api/admin/webhooks/${endpointB}/deliveries?limit=2&cursor=${first.body.nextCursor}`, brandB.token);
    const all = await call('GET', `/api/admin/webhooks/${endpointB}/deliveries?limit=100`, brandB.token);
    expect([...first.body.items, ...second.body.items].map((d: { id: string }) => d.id)).toEqual(all.body.items.slice(0, 4).map((d: { id: string }) => d.id));
    const times = all.body.items.map((d: { createdAt: string }) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('GET', `/api/admin/webhooks/${endpointB}/deliveries?cursor=nonsense`, brandB.token)).status).toBe(400);
  });

  it("signs with both secrets during a rotation's overlap", async ({ t, hooks: { brandB, customerB, call, requestsFor, placeBuy } }) => {
    const rotated = await call('POST', `/api/admin/webhooks/${endpointB}/rotate-secret`, brandB.token);
    expect(rotated.status).toBe(200);
    expect(Date.parse(rotated.body.previousValidUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const before = requestsFor('/b').length;
    await placeBuy(customerB, 'hooks-b.example');
    const request = await waitFor('a delivery after the rotation', async () => requestsFor('/b')[before]);
    const header = request.headers['x-desk-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(request.body, header, secretB)).toBe(true);
    expect(verifySignature(request.body, header, rotated.body.secret)).toBe(true);
    expect((await t.deps.eventStore.readStream(`webhook-${endpointB}`)).map((e) => e.type)).toContain('WebhookSecretRotated');

    // Past the overlap only the new secret signs.
    await t.database.pool.query(`update webhook_endpoints set previous_valid_until = now() - interval '1 second' where id = $1`, [endpointB]);
    await placeBuy(customerB, 'hooks-b.example');
    const later = await waitFor('a delivery after the overlap', async () => requestsFor('/b')[before + 1]);
    const laterHeader = later.headers['x-desk-signature'] as string;
    expect(laterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(later.body, laterHeader, secretB)).toBe(false);
    expect(verifySignature(later.body, laterHeader, rotated.body.secret)).toBe(true);
  });

  it('sends nothing to a disabled endpoint, and deletes one with its log', async ({ t, hooks: { brandA, customerA, call, requestsFor, placeBuy } }) => {
    const disabled = await call('PUT', `/api/admin/webhooks/${endpointA}`, brandA.token, { enabled: false });
    expect(disabled).toMatchObject({ status: 200, body: { endpoint: { enabled: false } } });
    const before = requestsFor('/a').length;
    await placeBuy(customerA, 'hooks-a.example');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(requestsFor('/a')).toHaveLength(before);
    expect((await call('DELETE', `/api/admin/webhooks/${endpointA}`, brandA.token)).status).toBe(200);
    expect((await call('GET', `/api/admin/webhooks/${endpointA}/deliveries`, brandA.token)).status).toBe(404);
    expect((await t.database.pool.query('select count(*)::int as n from webhook_deliveries where endpoint_id = $1', [endpointA])).rows[0].n).toBe(0);
    const trail = (await t.deps.eventStore.readStream(`webhook-${endpointA}`)).map((e) => e.type);
    expect(trail).toEqual(['WebhookEndpointRegistered', 'WebhookEndpointChanged', 'WebhookEndpointDeleted']);
  });

  it("caps a brand's endpoints at 10", async ({ admin: operator, hooks: { brandA, call } }) => {
    for (let n = 0; n < 10; n += 1) {
      const made = await call('POST', '/api/admin/webhooks', operator, { url: `https://hooks${n}.example.com/desk`, eventTypes: ['order.placed'] });
      expect(made.status).toBe(201);
    }
    const eleventh = await call('POST', '/api/admin/webhooks', operator, { url: 'https://hooks10.example.com/desk', eventTypes: ['order.placed'] });
    expect(eleventh).toMatchObject({ status: 409, body: { code: 'too_many_endpoints' } });
    // Another brand's count is its own.
    expect((await call('POST', '/api/admin/webhooks', brandA.token, { url: 'https://a.example.com/desk', eventTypes: ['order.placed'] })).status).toBe(201);
  });
});
