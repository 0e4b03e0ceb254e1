import { mkdtemp, rm } from 'node:fs/promises';
import { expect } from 'vitest';
import { waitFor } from './wait-for';
import { RAISED_RATE_LIMITS } from './raised-rate-limits';
import { withAnswerContract } from './answer-contract';
import { outboxMessages } from './sms-outbox';
import os from 'node:os';
import path from 'node:path';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import { createApp } from '../../services/src/api/app';
import { buildAppDeps, type AppSettings } from '../../services/src/main/app-deps';
import type { Infrastructure } from '../../platform/src/infrastructure';
import { createTestDatabase, type TestDatabase } from './test-database';
import { ProjectionGroupRunner } from '../../projections/src/runtime/projection-group-runner';
import { projections } from '../../projections/src/read-models';
import { closeInProcessDeps, inProcessSettings } from './in-process-app';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { DEFAULT_TENANT_ID } from '../../machines/src/tenants/tenant-id';
import { canonicalPhone } from '../../services/src/identity/canonical-phone';
import { hashPassword } from '../../services/src/identity/password';
import { registerUser } from '../../services/src/identity/register-user';

/** What the node server gives the app as the socket's peer: here, the one trusted proxy in front. */
const PROXY_PEER = { incoming: { socket: { remoteAddress: '10.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };

export const ADMIN = { phone: '+919000000001', password: 'admin-password' };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  deps: Awaited<ReturnType<typeof buildAppDeps>>['deps'];
  /** JSON request helper: `call('POST', '/api/...', { token, body, headers })`. */
  call(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  login(phone: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** The latest code sent to `phone` for `purpose`, read from the SMS outbox as a newcomer would. */
  otpFor(phone: string, purpose: 'login' | 'register' | 'reset'): Promise<string>;
  /** Applies every order and tenant event to the read models (what the projector does in the background). */
  project(): Promise<void>;
  close(): Promise<void>;
}

/** The real app on a fresh database, called in-process (no port), with an admin account; `settings` override the test defaults. */
export async function createTestApp(settings: Partial<AppSettings> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-app-'));
  const eventStore = new PgEventStore({ pool: database.pool, connectionString: database.url });
  const infra: Infrastructure = {
    connectionString: database.url,
    pool: database.pool,
    db: database.db,
    eventStore,
    close: async () => undefined,
  };
  const { deps } = await buildAppDeps(infra, {
    ...inProcessSettings(dataDir, ADMIN, 'test-secret-test-secret-test-secret-42'),
    // Tests send faster than people, from one address and one admin (decision 0045).
    ...RAISED_RATE_LIMITS,
    ...settings,
  });
  // Every answer the tests receive is held to the app's own document.
  const app = withAnswerContract(createApp(deps), () => expect.getState().currentTestName ?? 'a test');
  const call = callerOf(app);
  const login = async (phone: string, password: string) => {
    const response = await call('POST', '/api/auth/login', { body: { phone, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  };
  let admin: string | null = null;
  return {
    app,
    database,
    deps,
    call,
    login,
    adminToken: async () => (admin ??= await login(ADMIN.phone, ADMIN.password)),
    project: async () => {
      // Every read model at once, as the projector runs them: one read of the log, one statement a batch.
      const group = new ProjectionGroupRunner({ db: database.db, store: eventStore, projections, batchSize: 500, pollMs: 1000, standbyRetryMs: 100 });
      if (!(await group.runUntilCaughtUp())) throw new Error('a projection is locked by another runner');
      deps.directory.invalidate();
    },
    otpFor: async (phone, purpose) => {
      const outbox = path.join(dataDir, 'sms-outbox.jsonl');
      return waitFor(`a ${purpose} code for ${phone}`, async () => {
        const mine = (await outboxMessages(outbox)).filter((m) => m.phone === phone && m.purpose === purpose);
        return mine.at(-1)?.code ?? null;
      });
    },
    close: async () => {
      await closeInProcessDeps(deps);
      await database.drop();
      // Its data directory (the SMS outbox) too: every test app left one in the temporary directory.
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** TestApp's `call` for an app built in-process: requests come through the one trusted proxy. */
export function callerOf(app: { request: (url: string, init: RequestInit, env: typeof PROXY_PEER) => Response | Promise<Response> }): TestApp['call'] {
  return async (method, url, options = {}) =>
    app.request(
      url,
      {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      },
      PROXY_PEER,
    );
}

/**
 * A customer who signed up, on the operator's brand or `brand` (a password of their own, no maker
 * recorded, the newcomer as the actor), signed in there: their token. Made here rather than through the sign-up's codes,
 * which are limited per address. An account an admin makes on the admin screens places no order until
 * its holder sets their own password by SMS (decision 0029, third addendum): `setOwnPassword` does that.
 */
export async function createCustomer(t: TestApp, phone: string, password = 'secret1', brand?: { tenantId: string; host: string }): Promise<string> {
  const tenantId = brand?.tenantId ?? DEFAULT_TENANT_ID;
  const user = { tenantId, username: `user ${phone}`, phone: canonicalPhone(phone), passwordHash: await hashPassword(password), roles: [] };
  const asNewcomer = (created: { id: string }) => ({ ...systemMetadata(tenantId, created.id), actor: { id: created.id, role: 'customer' as const } });
  if (!(await registerUser(t.database.db, t.deps.roles.trail, user, 'sign_up', asNewcomer))) throw new Error(`create user failed: ${phone} is taken`);
  if (!brand) return t.login(phone, password);
  const login = await t.call('POST', '/api/auth/login', { body: { phone, password }, headers: { host: brand.host } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * What the holder of an account an admin made does before ordering: "Forgot password?", a code sent
 * to the phone and a password of their own (on the brand's `host`). Answers their new token.
 */
export async function setOwnPassword(t: TestApp, phone: string, password: string, host?: string): Promise<string> {
  const headers = { ...(host ? { host } : {}), 'x-forwarded-for': `198.51.100.${Number(phone.slice(-2)) + 1}` };
  const sent = await t.call('POST', '/api/auth/password-reset/otp/send', { body: { phone }, headers });
  if (sent.status !== 200) throw new Error(`reset code failed: ${sent.status} ${await sent.text()}`);
  const otp = await t.otpFor(phone, 'reset');
  const reset = await t.call('POST', '/api/auth/password-reset', { body: { phone, otp, newPassword: password }, headers });
  if (reset.status !== 200) throw new Error(`password reset failed: ${reset.status} ${await reset.text()}`);
  const login = await t.call('POST', '/api/auth/login', { body: { phone, password }, headers });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** Sends a JSON request and returns status and parsed body together, for compact assertions. */
export async function json(response: Promise<Response> | Response): Promise<{ status: number; body: any }> {
  const r = await response;
  return { status: r.status, body: await r.json() };
}
