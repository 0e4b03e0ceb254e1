/**
 * Live updates across processes: two API processes and a projector against one PostgreSQL and one
 * Redis. A stream opened on API 2 (with a ticket issued by API 1: tickets live in Redis) receives
 * an order placed and verified through API 1, once the projector has it; a stream reopened with
 * the last event id misses nothing that happened while it was closed.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { startEntryPoint, type RunningChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';
import { readSse } from '../support/sse-reader';

const ADMIN = { phone: '+919000000078', password: 'live-admin-password' };
const BUY = { fiatAmount: 1700, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

describe('live updates across two API processes', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let dataDir: string;
  const bases: string[] = [];
  const processes: RunningChild[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startTestRedis();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-live-'));
    await chmod(dataDir, 0o755);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'live-process-secret-live-process-secret-42',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      SMS_OUTBOX: path.join(dataDir, 'outbox.jsonl'),
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      processes.push(startEntryPoint('services/src/main/start-api.ts', [], { ...env, PORT: String(port) }));
    }
    processes.push(startEntryPoint('services/src/main/start-projector.ts', [], env));
    for (const base of bases) {
      await waitFor('the api', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 60_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${processes.map((p) => p.output()).join('\n---\n')}`);
      });
    }
  }, 90_000);

  afterAll(async () => {
    for (const p of processes) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await redis.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

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
