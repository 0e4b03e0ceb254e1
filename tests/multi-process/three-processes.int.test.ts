/**
 * The scaled-out shape: api, projector and worker as three processes against one PostgreSQL and one
 * Redis. An order placed through the api is projected by the projector and expired by the worker's
 * delayed job; an OTP is delivered by the worker and verified against the code kept in Redis.
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
import { outboxMessages } from '../support/sms-outbox';

const ADMIN = { phone: '+919000000077', password: 'multi-admin-password' };

describe('api, projector and worker as separate processes', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let dataDir: string;
  let base: string;
  const processes: RunningChild[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startTestRedis();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-multi-'));
    await chmod(dataDir, 0o755);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'multi-process-secret-multi-process-secret',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      SMS_OUTBOX: path.join(dataDir, 'outbox.jsonl'),
      PAYMENT_WINDOW_MINUTES: '0.05',
    };
    processes.push(startEntryPoint('services/src/main/start-api.ts', [], { ...env, PORT: String(port) }));
    processes.push(startEntryPoint('services/src/main/start-projector.ts', [], env));
    processes.push(startEntryPoint('services/src/main/start-worker.ts', [], env));
    await waitFor('the api', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${processes.map((p) => p.output()).join('\n---\n')}`);
    });
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

  const api = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('projects an order in the projector and expires it in the worker', async () => {
    const admin = (await api('POST', '/api/auth/login', ADMIN)).body.token;
    const placed = await api(
      'POST',
      '/api/orders/fiat-to-crypto',
      { fiatAmount: 1700, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' },
      admin,
    );
    expect(placed.status).toBe(201);
    const ref = placed.body.order.refCode;

    const listed = await waitFor(
      'the order in the admin list',
      async () => (await api('GET', `/api/admin/orders?refCode=${ref}`, undefined, admin)).body.items[0],
    );
    expect(listed.status).toBe('pending');
    const expired = await waitFor(
      'the order to expire',
      async () => {
        const item = (await api('GET', `/api/admin/orders?refCode=${ref}`, undefined, admin)).body.items[0];
        return item?.status === 'expired' ? item : null;
      },
      30_000,
    );
    expect(expired.status).toBe('expired');
    const history = (await api('GET', `/api/admin/orders/${placed.body.order._id}/history`, undefined, admin)).body.events;
    expect(history.at(-1)).toMatchObject({ type: 'OrderExpired', actor: { id: 'order-expiry-job', role: 'system' } });
  }, 60_000);

  it('delivers an OTP through the worker and verifies it against Redis', async () => {
    const phone = '+919300000777';
    expect((await api('POST', '/api/auth/register/otp/send', { phone })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox.jsonl');
    const code = await waitFor('the code in the outbox', async () => {
      const lines = await outboxMessages(outbox);
      return lines.find((l) => l.phone === phone && l.purpose === 'register')?.code ?? null;
    });
    expect((await api('POST', '/api/auth/register/otp/verify', { phone, otp: code })).status).toBe(200);
    const registered = await api('POST', '/api/auth/register', { username: 'Multi', phone, password: 'secret12' });
    expect(registered.status).toBe(201);
  });
});
