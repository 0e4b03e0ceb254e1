/**
 * The production topology of docker-compose.yml, run as processes (Docker cannot run here): a
 * PostgreSQL server, Redis, two API replicas behind a round-robin proxy, two projectors and the
 * worker, with NODE_ENV=production and the compose file's own commands (the built server, run by
 * node, from the image's /app made as the Dockerfile's runtime stage makes it: production
 * dependencies only), environment, secrets (files) and health checks. Through the proxy a customer registers with a code sent through the SMS gateway, places an order, uploads
 * proof to one API and it is read through the other; the admin completes it; the active projector
 * is killed and the standby takes over.
 */
import { staffSignIn } from '../support/staff-accounts';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startRecordingServer, type RecordingServer } from '../support/recording-http-server';
import { PNG_1PX, dataUrl } from '../support/sample-files';
import { waitFor } from '../support/wait-for';
import { startComposeTopology, type Topology } from './compose-topology';
import { makeRuntimeStage } from './server-build';

const ADMIN = { phone: '+919000000042', password: 'topology-admin-password' };
const CUSTOMER = '+919800000042';
const METRICS_TOKEN = 'topology-metrics-token-0123456789';
/** The contents of ./secrets/<name>, as the operator makes them (docs/operations-docker.md). */
const SECRETS = {
  postgres_password: 'topology-postgres-password',
  jwt_secret: 'topology-jwt-secret-topology-jwt-secret',
  audit_signing_key: Buffer.from(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()).toString('base64'),
  admin_password: ADMIN.password,
  metrics_token: METRICS_TOKEN,
  sms_http_auth_header: 'Authorization: Bearer topology-gateway-key',
};
const BUY = { fiatAmount: 2500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

interface Answer {
  status: number;
  body: any;
}

describe('the docker-compose topology, as processes', () => {
  let gateway: RecordingServer;
  let topology: Topology;
  const timings: Record<string, number> = {};

  let appDir: string;
  let stageParent: string | undefined;

  beforeAll(async () => {
    gateway = await startRecordingServer();
    // The image's /app with production dependencies only (docs/operations-docker.md): made here
    // unless TOPOLOGY_APP_DIR names one already made.
    const staging = Date.now();
    if (process.env.TOPOLOGY_APP_DIR) appDir = process.env.TOPOLOGY_APP_DIR;
    else {
      stageParent = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-image-'));
      appDir = await makeRuntimeStage(stageParent);
    }
    timings.stageMs = Date.now() - staging;
    const started = Date.now();
    topology = await startComposeTopology({
      vars: {
        // What the operator's .env holds (docs/operations-docker.md); EVENTSTORE=postgres: no EventStoreDB server here.
        ADMIN_PHONE: ADMIN.phone,
        SMS_HTTP_URL: `${gateway.url}/v1/sms`,
        SMS_DLT_TEMPLATE_ID: '1107000000000000042',
        EVENTSTORE: 'postgres',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      secrets: SECRETS,
      scale: { api: 2 },
      appDir,
    });
    timings.startMs = Date.now() - started;
  }, 240_000);

  afterAll(async () => {
    const stopping = Date.now();
    await topology?.stop();
    timings.stopMs = Date.now() - stopping;
    await gateway?.close();
    if (stageParent) await rm(stageParent, { recursive: true, force: true });
    process.stdout.write(`topology timings: ${JSON.stringify(timings)}\n`);
  }, 60_000);

  const call = async (base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  };
  const viaProxy = (method: string, url: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
    call(topology.proxy.url, method, url, body, token, headers);

  let customer: string;
  let admin: string;
  let order: { _id: string; refCode: string };

  it('runs every service compose names, in production, with two API replicas, two projectors and the worker', () => {
    const count = (service: string) => topology.processes.filter((p) => p.service === service).length;
    expect([count('api'), count('projector'), count('worker')]).toEqual([2, 2, 1]);
    for (const p of topology.processes) expect(p.env.NODE_ENV).toBe('production');
    expect(topology.compose.networks.backend?.internal).toBe(true);
    expect(topology.compose.services.worker!.networks).toContain('egress');
  });

  it('runs the built server with plain node: no npm, no tsx, no TypeScript', () => {
    for (const p of topology.processes) {
      const argv = readFileSync(`/proc/${p.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(path.basename(argv[0]!)).toBe('node');
      expect(argv[1]).toMatch(/^dist\/server\/start-(api|projector|worker)\.mjs$/);
      expect(existsSync(path.join(appDir, argv[1]!))).toBe(true);
      expect(argv.join(' ')).not.toMatch(/tsx|npm|\.ts\b/);
    }
  });

  it('hands secrets over as files: no secret in any environment, the database URL without its password', () => {
    const values = Object.values(SECRETS);
    for (const p of topology.processes) {
      for (const [key, value] of Object.entries(p.env)) {
        for (const secret of values) expect(value.includes(secret), `${p.service} ${key}`).toBe(false);
      }
      expect(new URL(p.env.DATABASE_URL!).password).toBe('');
      expect(readFileSync(p.env.DATABASE_PASSWORD_FILE!, 'utf8')).toBe(`${SECRETS.postgres_password}\n`);
    }
    const api = topology.processes.find((p) => p.service === 'api')!.env;
    for (const name of ['JWT_SECRET', 'AUDIT_SIGNING_KEY', 'ADMIN_PASSWORD', 'METRICS_TOKEN', 'SMS_HTTP_AUTH_HEADER']) {
      expect(api[name], name).toBeUndefined();
      expect(existsSync(api[`${name}_FILE`]!), `${name}_FILE`).toBe(true);
    }
  });

  it('passes each replica its compose health check: /readyz of the API, and of the probes of the projector and the worker', async () => {
    for (const service of ['api', 'projector', 'worker']) expect(topology.compose.services[service]!.healthcheck!.join(' ')).toContain('/readyz');
    for (const p of topology.processes) expect(await topology.healthcheck(p), `${p.service}#${p.replica}`).toBe(0);
  });

  it('registers a customer with a code sent through the SMS gateway by the worker', async () => {
    const sent = await viaProxy('POST', '/api/auth/register/otp/send', { phone: CUSTOMER });
    expect(sent.status).toBe(200);
    const request = await waitFor('the gateway to be called', async () => gateway.requests.find((r) => r.body.includes(CUSTOMER)), 30_000);
    expect(request.headers.authorization).toBe('Bearer topology-gateway-key');
    const message = JSON.parse(request.body) as { to: string; message: string; template_id: string };
    expect(message).toMatchObject({ to: CUSTOMER, template_id: '1107000000000000042' });
    const code = /^(\d{6}) is your verification code/.exec(message.message)?.[1];
    expect(code).toBeDefined();
    expect(topology.output()).not.toContain(code);

    expect((await viaProxy('POST', '/api/auth/register/otp/verify', { phone: CUSTOMER, otp: code })).status).toBe(200);
    const registered = await viaProxy('POST', '/api/auth/register', { username: 'Topology', phone: CUSTOMER, password: 'topology-customer' });
    expect(registered.status).toBe(201);
    customer = registered.body.token;
  });

  it('places an order through the proxy, and takes the client address from the proxy, not from what the client wrote', async () => {
    const placed = await viaProxy('POST', '/api/orders/fiat-to-crypto', BUY, customer, { 'x-forwarded-for': '203.0.113.66' });
    expect(placed.status).toBe(201);
    order = placed.body.order;
    const client = new pg.Client({ connectionString: topology.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ metadata: { ip: string } }>(`select metadata from es_events where stream_id = $1 order by stream_position`, [
        `order-${order._id}`,
      ]);
      expect(rows[0]!.metadata.ip).toBe('127.0.0.1');
    } finally {
      await client.end();
    }
  });

  it('stores proof through one API and serves it through the other', async () => {
    const [first, second] = topology.apis as [string, string];
    const upload = await call(first, 'POST', `/api/orders/${order._id}/upload`, { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR-TOPOLOGY-1' }, customer);
    expect(upload.status).toBe(200);
    const link = upload.body.order.attachments[0].url as string;
    const file = await fetch(`${second}${link}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    const seen = await call(second, 'GET', `/api/orders/${order._id}`, undefined, customer);
    expect(seen.body).toMatchObject({ status: 'pending', proofCount: 1 });
  });

  it('lets the admin find the projected order and complete it', async () => {
    // Production: the admin sets up an authenticator at their first sign-in (decision 0029).
    admin = (await staffSignIn(async (path, body) => (await viaProxy('POST', path, body)).body, ADMIN)).token;
    expect(admin).toEqual(expect.any(String));
    const listed = await waitFor(
      'the order in the admin list',
      async () => (await viaProxy('GET', `/api/admin/orders?refCode=${order.refCode}`, undefined, admin)).body.items?.[0],
      30_000,
    );
    expect(listed.status).toBe('pending');
    const completed = await viaProxy('POST', `/api/admin/orders/${order._id}/complete`, { cryptoReference: '0xtopology' }, admin);
    expect(completed.status).toBe(200);
    await waitFor(
      'the completed order in the list',
      async () => (await viaProxy('GET', `/api/admin/orders?refCode=${order.refCode}`, undefined, admin)).body.items?.[0]?.status === 'completed',
      30_000,
    );
    expect((await viaProxy('GET', `/api/orders/${order._id}`, undefined, customer)).body.status).toBe('completed');
    // Both replicas answered: the proxy sent requests to each in turn.
    expect([...topology.proxy.served.values()].every((n) => n > 2)).toBe(true);
  });

  it('serves metrics to Prometheus with the token only', async () => {
    const [metrics] = topology.metrics as [string];
    expect((await fetch(metrics)).status).toBe(401);
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_request_duration_seconds');
  });

  it('hands the projections to the standby when the active projector dies', async () => {
    const status = async () => {
      const run = await topology.runWith('projector', ['node', 'dist/server/projections-cli.mjs', 'status']);
      if (run.code !== 0) throw new Error(`projections status failed: ${run.stderr}`);
      return JSON.parse(run.stdout) as { name: string; activeInstance: string | null }[];
    };
    const before = await waitFor('every projection held', async () => {
      const statuses = await status();
      return statuses.every((s) => s.activeInstance?.startsWith('usdt-desk-projector')) ? statuses : null;
    });
    const ordersHolder = before.find((s) => s.name === 'orders')!.activeInstance!;
    const pid = Number(/:(\d+)$/.exec(ordersHolder)![1]);
    // The lock's holder is the replica's own process: node, with nothing in between.
    const victim = topology.processes.find((p) => p.service === 'projector' && p.child.pid === pid);
    expect(victim).toBeDefined();

    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    const taken = await waitFor(
      'the standby to hold the orders projection',
      async () => {
        const holder = (await status()).find((s) => s.name === 'orders')!.activeInstance;
        return holder && holder !== ordersHolder ? holder : null;
      },
      60_000,
    );
    timings.failoverMs = Date.now() - killedAt;
    expect(taken).toMatch(/^usdt-desk-projector /);
    // Its health check now fails (compose would restart it); the standby's passes.
    expect(await topology.healthcheck(victim!)).not.toBe(0);
    const standby = topology.processes.find((p) => p.service === 'projector' && p !== victim)!;
    expect(await topology.healthcheck(standby)).toBe(0);

    const next = await viaProxy('POST', '/api/orders/fiat-to-crypto', BUY, customer);
    expect(next.status).toBe(201);
    await waitFor(
      'the new order projected by the standby',
      async () => (await viaProxy('GET', `/api/admin/orders?refCode=${next.body.order.refCode}`, undefined, admin)).body.items?.[0],
      30_000,
    );
  }, 120_000);
});
