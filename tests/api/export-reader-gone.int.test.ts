import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { test, expect } from 'vitest';
import { parseEnv } from '@desk/platform/config/env-schema';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { createTestDatabase } from '../support/test-database';
import { closeInProcessDeps, inProcessSettings } from '../support/in-process-app';
import { RAISED_RATE_LIMITS } from '../support/raised-rate-limits';
import { ADMIN, callerOf, json } from '../support/test-app';
import { createApp } from '../../services/src/api/app';
import { allMigrations } from '../../services/src/main/all-migrations';
import { apiEnvSchema, apiRequirements } from '../../services/src/main/api-env-schema';
import { buildAppDeps } from '../../services/src/main/app-deps';
import { countingHop } from '../support/counting-hop';

/**
 * Review 18: the orders CSV (pages of 1,000, each a keyset statement) on a real HTTP server, the
 * API's pool through a hop that counts the keyset statements (and lets each through after 250 ms, a
 * busy database). The client reads the first chunk and goes away: the server stops reading (before
 * the mend it read all 20 pages for nobody, the compressed answer's writes never waiting).
 */
const ORDERS = 20_000;
const KEYSET = '(created_at, id) <';

test('an orders export whose reader went away stops reading', async () => {
  const database = await createTestDatabase({ poolSize: 4 });
  const server = new URL(database.url);
  const hop = await countingHop(server.hostname, Number(server.port), KEYSET, 250);
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(hop.port);
  const env = parseEnv(apiEnvSchema, { DATABASE_URL: through.href }, apiRequirements);
  const infra = await openInfrastructure(env, 'usdt-desk-api', allMigrations);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review18-'));
  const { deps } = await buildAppDeps(infra, { ...inProcessSettings(dataDir, ADMIN, 'test-secret-test-secret-test-secret-42'), ...RAISED_RATE_LIMITS });
  const app = createApp(deps);
  const call = callerOf(app);
  const http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => http.once('listening', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  try {
    await sql`insert into rm_orders (id, ref_code, tenant_id, user_id, user_phone, type, method, network, status, fiat_amount, crypto_amount, proof_count, payment_due_at, created_at, updated_at, version, view)
      select gen_random_uuid(), 'ORD-' || g, 'default', gen_random_uuid(), '+919000000099', 'fiat_to_crypto', 'bank', 'TRC20', 'completed', 1000, 11.36, 0, now(), now() - make_interval(secs => g), now(), 1,
        jsonb_build_object('refCode', 'ORD-' || g, 'tenantId', 'default', 'type', 'fiat_to_crypto', 'status', 'completed', 'createdAt', now()::text)
      from generate_series(1, ${ORDERS}) g`.execute(database.db);
    const token = (await json(call('POST', '/api/auth/login', { body: ADMIN }))).body.token as string;
    const link = await json(call('POST', '/api/admin/orders/export-link', { token, body: {} }));
    expect(link.status).toBe(200);

    const aborter = new AbortController();
    const started = Date.now();
    const response = await fetch(`${base}${link.body.url}`, { signal: aborter.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    aborter.abort();
    const atAbort = hop.count();
    expect(first.value?.length).toBeGreaterThan(0);
    // Wait until the server stops asking (no new page for 1.5 s), at most 20 s.
    let last = -1;
    let still = Date.now();
    while (Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 250));
      if (hop.count() !== last) {
        last = hop.count();
        still = Date.now();
      } else if (Date.now() - still > 1_500) break;
    }
    // What the product should do: stop reading once nobody reads the download.
    expect(hop.count() - atAbort).toBeLessThanOrEqual(2);
  } finally {
    await new Promise((resolve) => http.close(resolve));
    await closeInProcessDeps(deps);
    await infra.close();
    await hop.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
