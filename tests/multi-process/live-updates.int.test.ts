/**
 * Live updates across processes: two API processes and a projector against one PostgreSQL and one
 * Redis. A stream opened on API 2 (with a ticket issued by API 1: tickets live in Redis) receives
 * an order placed and verified through API 1, once the projector has it; a stream reopened with
 * the last event id misses nothing that happened while it was closed.
 */
import { describe, expect } from 'vitest';
import { processesTestWith } from '../support/process-fixtures';
import { waitFor } from '../support/wait-for';
import { readSse } from '../support/sse-reader';

const ADMIN = { phone: '+919000000078', password: 'live-admin-password' };
const BUY = { fiatAmount: 1700, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

const it = processesTestWith({
  apis: 2,
  others: ['projector'],
  env: { JWT_SECRET: 'live-process-secret-live-process-secret-42', ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password },
});

describe('live updates across two API processes', () => {
  const bases: string[] = [];

  // The processes start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(({ processes }) => {
    bases.push(...processes.bases);
  }, 90_000);

  const api = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const openStream = async (base: string, ticket: string, lastEventId?: string) => {
    const response = await fetch(`${base}/api/stream?ticket=${ticket}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`);
    expect(response.status).toBe(200);
    const stream = readSse(response);
    await stream.next('ready');
    return stream;
  };

  it('delivers a change made through API 1 to a stream on API 2, and resumes after a reconnect', async () => {
    const [api1, api2] = bases as [string, string];
    const admin = (await api(api1, 'POST', '/api/auth/login', ADMIN)).body.token;
    const ticket = (await api(api1, 'POST', '/api/stream/ticket', undefined, admin)).body.ticket;
    const stream = await openStream(api2, ticket);
    // The ticket was spent on API 2: API 1 refuses it too (one store, Redis).
    expect((await fetch(`${api1}/api/stream?ticket=${ticket}`)).status).toBe(401);

    const started = Date.now();
    const placed = await api(api1, 'POST', '/api/orders/fiat-to-crypto', BUY, admin);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order._id;
    const created = await stream.next('order', (e) => e.data.orderId === orderId);
    const latencyMs = Date.now() - started;
    expect(created.data).toMatchObject({ isNew: true, status: 'pending' });
    await stream.next('dashboard');
    // What the event announces is in the read model on either process.
    expect((await api(api2, 'GET', `/api/admin/orders?refCode=${placed.body.order.refCode}`, undefined, admin)).body.items).toHaveLength(1);
    expect(latencyMs).toBeLessThan(2_000);

    await api(api1, 'POST', `/api/admin/orders/${orderId}/verify`, {}, admin);
    const verified = await stream.next('order', (e) => e.data.orderId === orderId && !e.data.isNew);
    await stream.close();

    // Closed meanwhile: two more orders, then a new stream (on API 1 this time) resuming after the last id.
    const missed = [];
    for (let i = 0; i < 2; i++) missed.push((await api(api2, 'POST', '/api/orders/fiat-to-crypto', BUY, admin)).body.order._id);
    await waitFor('the orders in the read model', async () => (await api(api2, 'GET', '/api/admin/orders', undefined, admin)).body.items.length >= 3);
    const again = (await api(api2, 'POST', '/api/stream/ticket', undefined, admin)).body.ticket;
    const resumed = await openStream(api1, again, verified.id);
    expect(resumed.seen.filter((e) => e.event === 'order').map((e) => e.data.orderId)).toEqual(missed);
    await resumed.close();
  }, 60_000);
});
