/**
 * The scaled-out shape: api, projector and worker as three processes against one PostgreSQL and one
 * Redis. An order placed through the api is projected by the projector and expired by the worker's
 * delayed job; an OTP is delivered by the worker and verified against the code kept in Redis.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { processesTestWith } from '../support/process-fixtures';
import { waitFor } from '../support/wait-for';
import { outboxMessages } from '../support/sms-outbox';

const ADMIN = { phone: '+919000000077', password: 'multi-admin-password' };

const it = processesTestWith({
  apis: 1,
  others: ['projector', 'worker'],
  env: { JWT_SECRET: 'multi-process-secret-multi-process-secret', ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password, PAYMENT_WINDOW_MINUTES: '0.05' },
});

describe('api, projector and worker as separate processes', () => {
  let dataDir: string;
  let base: string;

  // The processes start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(({ processes }) => {
    [base] = processes.bases as [string];
    dataDir = processes.dataDir;
  }, 90_000);

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
