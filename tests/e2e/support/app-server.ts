import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { RAISED_RATE_LIMITS_ENV } from '../../support/raised-rate-limits';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startEntryPoint, type RunningChild } from '../../support/child-process';
import { freePort } from '../../support/free-port';
import { waitFor } from '../../support/wait-for';
import { outboxMessages } from '../../support/sms-outbox';
import { testEnv } from '../../support/test.env';

export interface AppServer {
  base: string;
  /** What an ops command at the server needs to reach the same database (`npm run admin`, tests/support/admin-cli.ts). */
  serverEnv: Record<string, string>;
  otpFor(phone: string, purpose: 'login' | 'register', after?: number): Promise<string>;
  /** A session token for a password sign-in (set-up done through the API rather than the screens). */
  signIn(credentials: { phone: string; password: string }): Promise<string>;
  /**
   * A customer who signs up with a code from the outbox, on the brand whose domain `host` is (the
   * operator's when absent): their token. Customers an admin makes on the admin screens place no order
   * until they set their own password by SMS (decision 0029, third addendum).
   */
  signUp(person: { phone: string; password: string; username?: string }, host?: string): Promise<string>;
  /** What the server has written so far (warnings and errors: LOG_LEVEL warn), for a failed test's report. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A fresh `npm start` (embedded PostgreSQL in its own data directory, its cluster copied in already
 * initialised and migrated in tests: prepared-cluster.ts) with an SMS outbox.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-e2e-'));
  await chmod(dataDir, 0o755);
  // Under vitest (not `npm run bench`, whose servers start as a user's first start does).
  if (testEnv.VITEST) await (await import('../../support/prepared-cluster')).copyPreparedCluster(dataDir);
  const [port, pgPort] = [await freePort(), await freePort()];
  const outbox = path.join(dataDir, 'sms-outbox.jsonl');
  const server: RunningChild = startEntryPoint('services/src/main/start-all.ts', [], {
    PORT: String(port),
    EMBEDDED_POSTGRES_PORT: String(pgPort),
    DATA_DIR: dataDir,
    SMS_OUTBOX: outbox,
    LOG_LEVEL: 'warn',
    // A suite signs in and clicks faster than people, all from one address (decision 0045).
    ...RAISED_RATE_LIMITS_ENV,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) };
  await waitFor('the server', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  const app: AppServer = {
    base,
    serverEnv,
    async otpFor(phone, purpose, after = 0) {
      return waitFor(`a ${purpose} code for ${phone}`, async () => {
        const lines = await outboxMessages(outbox);
        return lines.filter((l) => l.phone === phone && l.purpose === purpose && Date.parse(l.at) >= after).at(-1)?.code ?? null;
      });
    },
    async signIn(credentials) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      if (!response.ok) throw new Error(`sign-in as ${credentials.phone} answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
    async signUp({ phone, password, username = `Customer ${phone.slice(-4)}` }, host) {
      const post = async (path: string, body: unknown) => {
        const answer = await postJson(`${base}${path}`, body, host);
        if (answer.status >= 300) throw new Error(`sign-up of ${phone}: ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body as { token?: string };
      };
      const since = Date.now() - 1000;
      await post('/api/auth/register/otp/send', { phone });
      await post('/api/auth/register/otp/verify', { phone, otp: await app.otpFor(phone, 'register', since) });
      return (await post('/api/auth/register', { username, phone, password })).token!;
    },
    output: () => server.output(),
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** A JSON POST with the Host header a brand's visitor sends (fetch does not let a caller set it). */
function postJson(url: string, body: unknown, host?: string): Promise<{ status: number; body: unknown }> {
  const data = JSON.stringify(body);
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)), ...(host ? { host } : {}) };
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    sent.on('error', reject);
    sent.end(data);
  });
}
