import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import { test, expect } from 'vitest';
import { databaseEnv, eventStoreEnv, parseEnv } from '@desk/platform/config/env-schema';
import { openInfrastructure, type Infrastructure } from '@desk/platform/infrastructure';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';
import { createTestDatabase } from '../../../tests/support/test-database';
import { cuttableHop } from '../../../tests/support/tcp-hop';
import { closeInProcessDeps, inProcessSettings } from '../../../tests/support/in-process-app';
import { RAISED_RATE_LIMITS } from '../../../tests/support/raised-rate-limits';
import { ADMIN, callerOf, json } from '../../../tests/support/test-app';
import { createApp } from '../api/app';
import { allMigrations } from './all-migrations';
import { apiEnvSchema, apiRequirements } from './api-env-schema';
import { buildAppDeps } from './app-deps';
import { projectionsControl } from './projections-control';

/**
 * Decision 0061: the database's connections behind a TCP hop that can hold every byte (a partition,
 * a stopped VM: the server neither answers nor refuses), the API opened as `start:api` opens it, with
 * its bounds from the environment, shortened here so the file runs in seconds.
 */
const BOUNDS = { DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_QUERY_TIMEOUT_MS: '2000' };
/** Longer than every bound above; what a statement of the projector or a rebuild may rightly take. */
const LONG_MS = 4_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
// eslint-disable-next-line no-empty-pattern
const it = test.extend('api', { scope: 'file' }, async ({}, { onCleanup }) => {
  const database = await createTestDatabase({ poolSize: 4 });
  const server = new URL(database.url);
  const hop = await cuttableHop(server.hostname, Number(server.port));
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(hop.port);
  const source = { ...BOUNDS, DATABASE_URL: through.href };
  const env = parseEnv(apiEnvSchema, source, apiRequirements);
  const infra = await openInfrastructure(env, 'usdt-desk-api', allMigrations);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-timeouts-'));
  const { deps } = await buildAppDeps(infra, { ...inProcessSettings(dataDir, ADMIN, 'test-secret-test-secret-test-secret-42'), ...RAISED_RATE_LIMITS });
  const call = callerOf(createApp(deps));
  const login = await json(call('POST', '/api/auth/login', { body: ADMIN }));
  onCleanup(async () => {
    hop.restore();
    await closeInProcessDeps(deps);
    // Cut first: a connection still hung (a failed test's) then ends, and the pool can close.
    await hop.close();
    await infra.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { database, hop, infra, call, token: login.body.token as string, source };
});

/** Holds `table` locked (access exclusive) from another connection, straight to the server, for `ms`: its `released`. */
async function holdLocked(pool: pg.Pool, table: string, ms: number): Promise<{ released: Promise<void> }> {
  const holder = await pool.connect();
  await holder.query('begin');
  await holder.query(`lock table ${table} in access exclusive mode`);
  const released = sleep(ms).then(async () => {
    await holder.query('commit');
    holder.release();
  });
  return { released };
}

it('answers a signed-in request 503 unavailable within its bounds while the database hangs, and serves it again once traffic flows', async ({
  api,
  onTestFinished,
}) => {
  // A failed expectation must not leave the next test behind a hung hop.
  onTestFinished(() => api.hop.restore());
  const orders = () => json(api.call('GET', '/api/admin/orders', { token: api.token }));
  expect((await orders()).status).toBe(200);

  api.hop.hang();
  // The first on a pooled connection the hang caught (the answer's bound), the next on a new one (the connect's).
  for (const attempt of ['pooled connection', 'new connection']) {
    const started = Date.now();
    const answer = await Promise.race([orders(), sleep(15_000).then(() => 'no answer in 15 s')]);
    expect(answer, attempt).toMatchObject({ status: 503, body: { code: 'unavailable' } });
    // Bounds of 1-2 s; room for a busy machine. Before decision 0061: no answer at all.
    expect(Date.now() - started, attempt).toBeLessThan(8_000);
  }

  api.hop.restore();
  let again = await orders();
  for (const until = Date.now() + 10_000; again.status !== 200 && Date.now() < until; again = await orders()) await sleep(200);
  expect(again.status).toBe(200);
  // And every one after: no connection the hang caught is left in the pool, each query on it waiting behind a lost answer.
  const after = [];
  for (let i = 0; i < 6; i++) after.push((await orders()).status);
  expect(after).toEqual([200, 200, 200, 200, 200, 200]);
}, 60_000);

it('answers 503, not 500, when the hang comes inside a transaction (review 17, F1)', async ({ api, onTestFinished }) => {
  onTestFinished(() => api.hop.restore());
  const signIn = () => json(api.call('POST', '/api/auth/login', { body: ADMIN }));
  expect((await signIn()).status).toBe(200);
  // The sign-in's session insert runs inside its transaction: the hang holds it, the answer's bound
  // drops the connection, and the transaction's rollback is then sent on that same client. Before the
  // drop marked the client unqueryable, pg refused the rollback as "Client was closed" (a 500).
  api.hop.hangOn('insert into "sessions"');
  const started = Date.now();
  const answer = await Promise.race([signIn(), sleep(15_000).then(() => 'no answer in 15 s')]);
  expect(answer).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  expect(Date.now() - started).toBeLessThan(8_000);

  api.hop.restore();
  let again = await signIn();
  for (const until = Date.now() + 10_000; again.status !== 200 && Date.now() < until; again = await signIn()) await sleep(200);
  expect(again.status).toBe(200);
}, 60_000);

it('cancels a request-path statement past its bound, but not a rebuild on the same process, nor the projector', async ({ api }) => {
  const lock = await holdLocked(api.database.pool, 'rm_event_log', LONG_MS);
  // The request path: the server cancels the statement at 1 s (57014; the API answers it 503 unavailable).
  await expect(sql`select count(*) from rm_event_log`.execute(api.infra.db)).rejects.toMatchObject({ code: '57014' });
  // A rebuild (the job the admin's Rebuild queues, run in this process): its reset waits for the lock past the bound.
  const rebuilt = projectionsControl(api.infra, { add: async () => undefined } as never, 500).rebuildNow('event-log');
  await expect(rebuilt).resolves.toBeUndefined();
  await lock.released;
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from rm_event_log`.execute(api.infra.db);
  expect(rows[0]!.count).toBeGreaterThan(0); // replayed: the admin's account events

  // The projector (`npm start`'s thread, `start:projector`) reads its own settings from the same environment: no statement bound.
  const projectorSettings = parseEnv({ ...databaseEnv, ...eventStoreEnv, ...projectorEnv }, api.source);
  const projector: Infrastructure = await openInfrastructure(projectorSettings, 'usdt-desk-projector', allMigrations);
  try {
    const held = await holdLocked(api.database.pool, 'rm_event_log', LONG_MS);
    await expect(sql`select count(*) from rm_event_log`.execute(projector.db)).resolves.toBeDefined();
    await held.released;
  } finally {
    await projector.close();
  }
}, 60_000);

it('asks the server to probe each connection of every kind, so that a client gone without a reset is found', async ({ api }) => {
  const keepalives = sql<{ idle: string; interval: string; count: string }>`select current_setting('tcp_keepalives_idle') as idle,
    current_setting('tcp_keepalives_interval') as interval, current_setting('tcp_keepalives_count') as count`;
  // DATABASE_KEEPALIVE_MS's default, 10 s: a dead client's session (a projector's locks) ended in about 40 s rather than hours.
  const expected = [{ idle: '10', interval: '10', count: '3' }];
  expect((await keepalives.execute(api.infra.db)).rows).toEqual(expected);
  expect((await keepalives.execute(api.infra.longWork!.db)).rows).toEqual(expected);
  const projector = await openInfrastructure(parseEnv({ ...databaseEnv, ...eventStoreEnv, ...projectorEnv }, api.source), 'usdt-desk-projector', allMigrations);
  try {
    expect((await keepalives.execute(projector.db)).rows).toEqual(expected);
  } finally {
    await projector.close();
  }
});
