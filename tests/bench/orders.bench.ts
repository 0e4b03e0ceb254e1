/**
 * `npm run bench -- orders`: the order service over HTTP against a real server process.
 * - place-order throughput and latency with 16 concurrent customers, beside single-row INSERTs of
 *   the same payload (the floor) from 16 connections, and beside two floor servers of its own
 *   process: HTTP with one INSERT (http-floor-server.ts), and HTTP with one event appended through
 *   the event store and projected into one row (event-floor-server.ts, the architecture's floor);
 * - projection lag, from the order's acceptance to its row in the admin list's read model;
 * - admin list page 1 latency with 200,000 orders over three brands, as the operator sees it (every
 *   brand), with each single filter, the Brand filter, and with none.
 */
import { generateKeyPairSync } from 'node:crypto';
import { RAISED_RATE_LIMITS_ENV } from '../support/raised-rate-limits';
import { staffSignIn } from '../support/staff-accounts';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '../../platform/src/db/pg-pool';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { GlobalPosition } from '../../platform/src/eventstore/event-store';
import { setLogLevel } from '../../platform/src/logging/logger';
import { startEntryPoint } from '../support/child-process';
import { confirmOnServer } from '../support/admin-cli';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';
import { startRecordingServer, type RecordingServer } from '../support/recording-http-server';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { measureThroughput } from './measure';
import { call, percentile } from './http-client';
import { seedOrders } from './orders-seed';
import { machineDescription, recordRows } from './performance-doc';
import { startSqlCount } from './sql-counts';
import { sampleWaits } from './wait-sampler';
import { databaseClock, ownClock, perOperation, processClock, startCpuAccount } from './process-cpu';
import { startDatabaseCpuAccount } from './database-cpu';
import { waitUntilQuiet } from './quiet';
import { measureHttpFloor } from './http-floor';
import { createBrand } from './create-brand';
import { measureAdminList } from './admin-list-series';

const say = (line: string) => process.stderr.write(`${line}\n`);
const CUSTOMERS = 16;
/** Each measured load runs unmeasured for this long first, so its code is compiled as a long-running server's is. */
const WARMUP_SECONDS = benchEnv.BENCH_SMOKE ? 1 : 5;
const ADMIN = { phone: '+919000000009', password: 'bench-admin-password' };
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(1);

/** The latest code the stand-in gateway was asked to send to `phone` (the default JSON body: `{to, message}`). */
function codeSentTo(gateway: RecordingServer, phone: string): string | null {
  for (const request of [...gateway.requests].reverse()) {
    const sent = JSON.parse(request.body) as { to?: string; message?: string };
    const code = sent.to === phone ? /\b(\d{6})\b/.exec(sent.message ?? '')?.[1] : undefined;
    if (code) return code;
  }
  return null;
}

export async function runOrdersBench(): Promise<void> {
  setLogLevel('warn');
  const seconds = benchEnv.BENCH_SMOKE ? benchEnv.BENCH_SECONDS : Math.max(benchEnv.BENCH_SECONDS, 5);
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-bench-app-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const gateway = await startRecordingServer();
  say('orders bench: starting the server (npm start, on the bench database)');
  const server = startEntryPoint(
    'services/src/main/start-all.ts',
    [],
    {
      DATABASE_URL: database.url,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: benchEnv.BENCH_SERVER_LOG_LEVEL,
      NODE_ENV: 'production',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      // Production takes the audit exports' key from the environment only: one made for this run.
      AUDIT_SIGNING_KEY: Buffer.from(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' })).toString('base64'),
      DATABASE_POOL_SIZE: '20',
      // Production sends codes through a gateway only: a local stand-in, from which the customers read their sign-up codes.
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      // 16 customers placing hundreds of orders a second, far past what a person sends (decision 0045).
      ...RAISED_RATE_LIMITS_ENV,
    },
    benchEnv.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean),
  );
  const pool = createPool({ connectionString: database.url, max: 20, applicationName: 'bench' });
  try {
    await waitFor(
      'the server',
      async () =>
        await call(base, 'GET', '/api/health').then(
          () => true,
          () => false,
        ),
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; server output:\n${server.output()}`);
    });
    // Production asks staff for an authenticator: the bench's admin sets one up at sign-in (decision 0029).
    const { token: admin } = await staffSignIn((path, body) => call(base, 'POST', path, { body }), ADMIN);
    // Each bench customer places far more than a customer may by default: the limits are raised, not
    // turned off, so every placement still pays for the limit check (decision 0020).
    const unlimited = 100_000_000_000;
    const controls = { customerDailyInr: unlimited, customerMonthlyInr: unlimited };
    // Both the rate (past the re-quote band) and the raised limits wait for a second admin: the
    // bench, at the server, confirms them as the admin CLI does (decision 0030).
    const asked = await call(base, 'PUT', '/api/admin/settings', { token: admin, body: { rates: { usdt_bank_buy: 88.5 }, controls }, expect: 202 });
    await confirmOnServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'production' }, asked.change._id);
    const brands = ['default', await createBrand(base, admin, 'b.bench'), await createBrand(base, admin, 'c.bench')];
    const customers: { id: string; phone: string; token: string }[] = [];
    // Customers sign up with a code from the gateway: one an admin made on the admin screens places no
    // order until its holder sets their own password by SMS (decision 0029, third addendum).
    for (let i = 0; i < CUSTOMERS; i++) {
      const phone = `+9191${String(i).padStart(8, '0')}`;
      await call(base, 'POST', '/api/auth/register/otp/send', { body: { phone } });
      const otp = await waitFor(`the sign-up code for ${phone}`, async () => codeSentTo(gateway, phone), 30_000);
      await call(base, 'POST', '/api/auth/register/otp/verify', { body: { phone, otp } });
      const { token, user } = await call(base, 'POST', '/api/auth/register', { body: { username: `bench ${i}`, phone, password: 'bench-pass' }, expect: 201 });
      customers.push({ id: user._id, phone, token });
    }

    const placeOrder = async (writer: number, n: number): Promise<{ _id: string; createdAt: string }> =>
      (
        await call(base, 'POST', '/api/orders/fiat-to-crypto', {
          token: customers[writer]!.token,
          body: { fiatAmount: 1000 + ((writer * 7919 + n) % 49_000), network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' },
          expect: 201,
        })
      ).order;
    say(`place-order warm-up: the same load for ${WARMUP_SECONDS}s, not measured (a server that just started is still compiling its hot code)`);
    const warmup = await measureThroughput(CUSTOMERS, WARMUP_SECONDS, async (writer, n) => void (await placeOrder(writer, n)));
    await waitFor(
      'the warm-up orders in the read model',
      async () => Number((await pool.query('select count(*) from rm_orders')).rows[0].count) >= warmup.ops,
      60_000,
    );

    say(`place-order: ${CUSTOMERS} customers over HTTP for ${seconds}s, watching the admin read model for each order`);
    // Each order's acceptance time (taken as its request arrived) and the moment its 201 came back.
    const outstanding = new Map<string, { acceptedAt: number; answeredAt: number }>();
    const lags: number[] = [];
    const lagsFromArrival: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching || outstanding.size > 0) {
        const ids = [...outstanding.keys()];
        if (ids.length > 0) {
          // Its own shape (the extra column) keeps it apart from the server's statements in the counts.
          const { rows } = await pool.query<{ id: string }>("select id, 'seen' as bench_watcher from rm_orders where id = any($1::uuid[])", [ids]);
          const now = Date.now();
          for (const { id } of rows) {
            const { acceptedAt, answeredAt } = outstanding.get(id)!;
            lags.push(now - answeredAt);
            lagsFromArrival.push(now - acceptedAt);
            outstanding.delete(id);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const databaseCpu = await databaseClock(pool);
    const counting = await startSqlCount(pool);
    const kindAccount = await startDatabaseCpuAccount(pool);
    const cpu = await startCpuAccount({
      server: processClock(server.child.pid!),
      serverKernel: processClock(server.child.pid!, true),
      database: databaseCpu,
      bench: ownClock,
    });
    // Every 25 ms: the samples cost the database too (its CPU per order counts them), so no more often than the shares need.
    const waits = sampleWaits(pool, 'bench', 25);
    const place = await measureThroughput(CUSTOMERS, seconds, async (writer, n) => {
      const order = await placeOrder(writer, n);
      outstanding.set(order._id, { acceptedAt: Date.parse(order.createdAt), answeredAt: Date.now() });
    });
    const waitShares = await waits.stop();
    watching = false;
    await watcher;
    lags.sort((a, b) => a - b);
    lagsFromArrival.sort((a, b) => a - b);
    // Every placed order is in the read model by now: the counts cover each order and its projection.
    const sql = (await counting?.stop(place.ops, (query) => query.includes('bench_watcher'))) ?? null;
    const placeCpu = perOperation(await cpu.stop(), place.ops);
    const placeDatabaseCpu = kindAccount ? perOperation(await kindAccount.stop(), place.ops) : null;
    if (sql) say(`  per placed order: ${sql.statementsPerOrder} statements, ${sql.writesPerOrder} writing transactions`);
    say(
      `  CPU ms per placed order (its projection included): server ${placeCpu.server} (kernel ${placeCpu.serverKernel}), database ${placeCpu.database ?? '?'}, bench ${placeCpu.bench}`,
    );
    if (placeDatabaseCpu) say(`  the database's CPU ms per placed order, by its processes: ${JSON.stringify(placeDatabaseCpu)}`);
    const topWaits = waitShares.shares.slice(0, 4).map((s) => `${s.what} ${Math.round(s.share * 100)}%`);
    say(`  the server's database sessions while placing: ${waitShares.busySessions} busy on average; ${topWaits.join(', ')}`);

    say(`place-order floor: single-row INSERTs of the same payload from ${CUSTOMERS} connections for ${seconds}s`);
    await pool.query('create table bench_raw_orders (id bigint generated always as identity primary key, user_id uuid, payload jsonb)');
    const sample = JSON.stringify({
      fiatAmount: '10000',
      network: 'TRC20',
      withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      method: 'bank',
      rate: '88.5',
      cryptoAmount: '112.99',
    });
    const rawInsert = async (writer: number) => {
      await pool.query({ name: 'raw_order', text: 'insert into bench_raw_orders (user_id, payload) values ($1, $2)', values: [customers[writer]!.id, sample] });
    };
    await measureThroughput(CUSTOMERS, WARMUP_SECONDS, rawInsert);
    const floorCpuAccount = await startCpuAccount({ database: databaseCpu, bench: ownClock });
    const floorKindAccount = await startDatabaseCpuAccount(pool);
    const floor = await measureThroughput(CUSTOMERS, seconds, rawInsert);
    const floorCpu = perOperation(await floorCpuAccount.stop(), floor.ops);
    const floorDatabaseCpu = floorKindAccount ? perOperation(await floorKindAccount.stop(), floor.ops) : null;
    say(`  CPU ms per raw INSERT: database ${floorCpu.database ?? '?'}, bench ${floorCpu.bench}`);

    say(`HTTP floor: the same POST to a bare Hono server that inserts one row, ${CUSTOMERS} customers for ${seconds}s`);
    const timing = { seconds, warmupSeconds: WARMUP_SECONDS };
    const httpFloor = await measureHttpFloor(
      { entry: 'tests/bench/http-floor-server.ts', databaseUrl: database.url, projects: false },
      customers,
      timing,
      databaseCpu,
    );
    say(
      `  ${fmt(httpFloor.opsPerSecond)} requests/s; CPU ms per request: server ${httpFloor.cpu.server}, database ${httpFloor.cpu.database ?? '?'}, bench ${httpFloor.cpu.bench}`,
    );
    say(
      `event-sourced floor: the same POST to a bare Hono server that appends one event through the event store and projects it into one row (its own database), ${CUSTOMERS} customers for ${seconds}s`,
    );
    const eventFloorDatabase = await database.sibling('event_floor');
    const eventFloor = await measureHttpFloor(
      { entry: 'tests/bench/event-floor-server.ts', databaseUrl: eventFloorDatabase, projects: true },
      customers,
      timing,
      databaseCpu,
    );
    say(
      `  ${fmt(eventFloor.opsPerSecond)} requests/s; CPU ms per request, its projection included: server ${eventFloor.cpu.server}, database ${eventFloor.cpu.database ?? '?'}, bench ${eventFloor.cpu.bench}`,
    );

    const total = benchEnv.BENCH_PROJECTION_EVENTS;
    const existing = Number((await pool.query('select count(*) from rm_orders')).rows[0].count);
    // A short run (BENCH_PROJECTION_EVENTS under what was placed) lists the orders it already has.
    const toSeed = Math.max(0, total - existing);
    say(`admin list: seeding ${fmt(toSeed)} more orders through the event store (${fmt(existing + toSeed)} in all)`);
    let lastReport = 0;
    const events = new PgEventStore({ pool, connectionString: database.url });
    await seedOrders(events, toSeed, customers, brands, (done) => {
      if (done - lastReport < 25_000) return;
      lastReport = done;
      say(`  seeded ${fmt(done)}`);
    });
    // Every projection caught up, not only the list's: one still replaying would share the cores with the timed requests.
    await waitFor(
      'the projector to catch up',
      async () => {
        const n = Number((await pool.query('select count(*) from rm_orders')).rows[0].count);
        if (n < total) say(`  projected ${fmt(n)}/${fmt(total)}`);
        const { rows } = await pool.query<{ position: GlobalPosition | null }>('select position from projection_checkpoints');
        const behind = await Promise.all(rows.map(async ({ position }) => (await events.backlog(position)).count));
        return n >= total && behind.every((count) => count === 0);
      },
      600_000,
    );

    // The seeding is a bulk import (195,000 orders in about a minute), after which PostgreSQL's advice
    // is VACUUM ANALYZE. Left to autovacuum, rm_orders' vacuum ran through the whole list series on
    // one of the two cores (pg_stat_activity showed it before every filter), and was timed as the list's.
    const settling = performance.now();
    await pool.query('vacuum analyze');
    say(`  settled after the import: VACUUM ANALYZE in ${((performance.now() - settling) / 1000).toFixed(1)} s`);
    const serverAndDatabase = [processClock(server.child.pid!), databaseCpu].filter((clock) => clock !== null);
    const { waitedMs, quiet } = await waitUntilQuiet(serverAndDatabase);
    say(`  ${quiet ? 'quiet' : 'still busy'} after ${(waitedMs / 1000).toFixed(0)} s (the server and the database each under a tenth of a core for a second)`);

    // An order 1,000 deep in the list (or halfway down a smoke run's short one).
    const depth = Math.min(1_000, Math.floor(total / 2));
    const sampleOrder = (await pool.query<{ ref_code: string }>('select ref_code from rm_orders order by created_at desc offset $1 limit 1', [depth])).rows[0]!
      .ref_code;
    const filters: Record<string, string> = {
      none: '',
      type: '?type=crypto_to_fiat',
      status: '?status=pending',
      network: '?network=ERC20',
      refCode: `?refCode=${sampleOrder}`,
      phone: `?phone=${encodeURIComponent(customers[3]!.phone)}`,
      brand: `?tenantId=${brands[2]}`,
    };
    // 500 timed pages per filter, so the p99 is the fifth slowest (of 100 it was the slowest alone).
    const list = await measureAdminList({
      base,
      token: admin,
      pool,
      filters,
      say,
      timedPages: benchEnv.BENCH_SMOKE ? 20 : 500,
      clocks: { server: processClock(server.child.pid!), database: databaseCpu },
      serverPid: server.child.pid!,
    });

    const floorJson = (run: typeof httpFloor) => ({
      requestsPerSecond: Math.round(run.opsPerSecond),
      p50Ms: +ms(run.p50Ms),
      p99Ms: +ms(run.p99Ms),
      cpuMsPerRequest: run.cpu,
    });
    const result = {
      machine: machineDescription(database.describe),
      placeOrder: { ordersPerSecond: Math.round(place.opsPerSecond), p50Ms: +ms(place.p50Ms), p99Ms: +ms(place.p99Ms), orders: place.ops },
      rawInsertFloor: { insertsPerSecond: Math.round(floor.opsPerSecond), p50Ms: +ms(floor.p50Ms), p99Ms: +ms(floor.p99Ms) },
      placeToFloorRatio: +(place.opsPerSecond / floor.opsPerSecond).toFixed(3),
      httpFloor: floorJson(httpFloor),
      placeToHttpFloorRatio: +(place.opsPerSecond / httpFloor.opsPerSecond).toFixed(3),
      eventSourcedFloor: { ...floorJson(eventFloor), ofRaw: +(eventFloor.opsPerSecond / floor.opsPerSecond).toFixed(3) },
      placeToEventSourcedFloorRatio: +(place.opsPerSecond / eventFloor.opsPerSecond).toFixed(3),
      sqlPerPlacedOrder: sql,
      cpuMsPerPlacedOrder: placeCpu,
      cpuMsPerRawInsert: floorCpu,
      databaseCpuMsByProcess: { perPlacedOrder: placeDatabaseCpu, perRawInsert: floorDatabaseCpu },
      databaseSessionsWhilePlacing: waitShares,
      projectionLag: {
        p50Ms: percentile(lags, 0.5),
        p99Ms: percentile(lags, 0.99),
        orders: lags.length,
        fromArrival: { p50Ms: percentile(lagsFromArrival, 0.5), p99Ms: percentile(lagsFromArrival, 0.99) },
      },
      adminList: { orders: existing + toSeed, pageSize: 50, ...list },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const worstList = Math.max(...Object.values(list).map((l) => l.p99Ms));
    await recordRows('orders', result.machine, [
      {
        metric: `place order over HTTP, ${CUSTOMERS} customers: orders/s (p50 / p99 ms)`,
        measured: `${fmt(place.opsPerSecond)} (${ms(place.p50Ms)} / ${ms(place.p99Ms)})`,
        floor: `${fmt(floor.opsPerSecond)} (${ms(floor.p50Ms)} / ${ms(floor.p99Ms)}) raw INSERT`,
        ratio: result.placeToFloorRatio.toFixed(3),
        target: '—',
      },
      {
        metric: `the same orders/s against a bare HTTP server inserting one row, ${CUSTOMERS} customers: requests/s (p50 / p99 ms)`,
        measured: fmt(place.opsPerSecond),
        floor: `${fmt(httpFloor.opsPerSecond)} (${ms(httpFloor.p50Ms)} / ${ms(httpFloor.p99Ms)}) HTTP + INSERT`,
        ratio: result.placeToHttpFloorRatio.toFixed(3),
        target: '—',
      },
      {
        metric: `the same orders/s against a bare HTTP server appending one event through the event store and projecting it into one row, ${CUSTOMERS} customers: requests/s (p50 / p99 ms); that floor's own share of raw in brackets`,
        measured: fmt(place.opsPerSecond),
        floor: `${fmt(eventFloor.opsPerSecond)} (${ms(eventFloor.p50Ms)} / ${ms(eventFloor.p99Ms)}) HTTP + event + projection (${result.eventSourcedFloor.ofRaw.toFixed(3)} of raw)`,
        ratio: result.placeToEventSourcedFloorRatio.toFixed(3),
        target: '≥ 0.5 of the event-sourced floor',
      },
      {
        metric: 'CPU ms per placed order, its projection included: server / database / bench client',
        measured: `${placeCpu.server} / ${placeCpu.database ?? '?'} / ${placeCpu.bench}`,
        floor: `HTTP + event + projection ${eventFloor.cpu.server} / ${eventFloor.cpu.database ?? '?'} / ${eventFloor.cpu.bench}; HTTP + INSERT ${httpFloor.cpu.server} / ${httpFloor.cpu.database ?? '?'} / ${httpFloor.cpu.bench}; raw INSERT — / ${floorCpu.database ?? '?'} / ${floorCpu.bench}`,
        ratio: '—',
        target: '—',
      },
      {
        metric:
          "the database's CPU ms per placed order by its processes: client sessions (of which in the kernel) / WAL writer / checkpointer and background writer / autovacuum / processes that ended in the window / the rest",
        measured: placeDatabaseCpu
          ? `${placeDatabaseCpu.sessions} (${placeDatabaseCpu.sessionsInKernel}) / ${placeDatabaseCpu.walWriter} / ${placeDatabaseCpu.checkpointAndBgWriter} / ${placeDatabaseCpu.autovacuum} / ${placeDatabaseCpu.ended} / ${placeDatabaseCpu.other}`
          : 'not measured (the database is not on this machine)',
        floor: floorDatabaseCpu ? `raw INSERT ${floorDatabaseCpu.sessions} (${floorDatabaseCpu.sessionsInKernel}) sessions` : '—',
        ratio: '—',
        target: '—',
      },
      {
        metric: 'per placed order, its projection and background work included: SQL statements / writing transactions',
        measured: sql ? `${sql.statementsPerOrder} / ${sql.writesPerOrder}` : 'not counted (no pg_stat_statements)',
        floor: '1 / 1 raw INSERT',
        ratio: '—',
        target: '—',
      },
      {
        metric: 'projection lag, 201 answered → in the admin list (p50 / p99 ms; from the request arriving in brackets)',
        measured: `${result.projectionLag.p50Ms} / ${result.projectionLag.p99Ms} (${result.projectionLag.fromArrival.p50Ms} / ${result.projectionLag.fromArrival.p99Ms})`,
        floor: '—',
        ratio: '—',
        target: 'p99 < 50 ms',
      },
      {
        metric: `admin list page 1 with ${fmt(total)} orders in 3 brands, every brand, total included: p99 ms (none / type / status / network / ref / phone / brand)`,
        measured: Object.values(list)
          .map((l) => ms(l.p99Ms))
          .join(' / '),
        floor: '—',
        ratio: '—',
        target: `< 15 ms (worst ${ms(worstList)})`,
      },
    ]);
    if (!benchEnv.BENCH_SMOKE) say('orders bench: rows added to docs/performance.md');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await gateway.close();
    await pool.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
