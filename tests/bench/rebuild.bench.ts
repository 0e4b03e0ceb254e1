/**
 * `npm run bench -- rebuild`: every read model rebuilt from zero over a log of BENCH_REBUILD_EVENTS
 * events (1,000,000 by default) of the kinds a desk writes (rebuild-seed.ts), as `npm run restore`
 * rebuilds them (services/src/ops/backup/rebuild-read-models.ts: all of them together, in one read
 * of the log, decision 0057), beside the floor of the same run: the whole log read through `readAll`
 * in the same batch size, applying nothing.
 */
import type pg from 'pg';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { GlobalPosition } from '../../platform/src/eventstore/event-store';
import { setLogLevel } from '../../platform/src/logging/logger';
import { allMigrations } from '../../services/src/main/all-migrations';
import { rebuildReadModels } from '../../services/src/ops/backup/rebuild-read-models';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { machineDescription, recordRows, type BenchRow } from './performance-doc';
import { rebuildEnv } from './rebuild.env';
import { seedRebuildLog } from './rebuild-seed';

const say = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (s: number) => s.toFixed(1);
/** A seeding progress line at most this often. */
const PROGRESS_MS = 2_000;

/** The floor: every event read in order through the port, in the rebuild's batch size, and dropped. */
async function readWholeLog(store: PgEventStore, batchSize: number): Promise<{ events: number; seconds: number }> {
  const started = performance.now();
  let events = 0;
  for (let after: GlobalPosition | null = null; ;) {
    const page = await store.readAll(after, batchSize);
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]!.globalPosition;
  }
  return { events, seconds: (performance.now() - started) / 1000 };
}

async function count(pool: pg.Pool, table: string): Promise<number> {
  return (await pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
}

export async function runRebuildBench(): Promise<void> {
  setLogLevel('warn');
  const target = rebuildEnv.BENCH_REBUILD_EVENTS;
  const batchSize = benchEnv.PROJECTION_BATCH_SIZE;
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const pool = createPool({ connectionString: database.url, max: 10, applicationName: 'bench' });
  const db = createKysely<any>(pool);
  try {
    await migrateToLatest(db, allMigrations);
    const store = new PgEventStore({ pool, connectionString: database.url });

    say(`rebuild bench: seeding about ${fmt(target)} events (brands, orders through their lifecycle, desk changes)`);
    const seedStarted = performance.now();
    let lastReport = 0;
    const orders = await seedRebuildLog(store, target, (done) => {
      const now = performance.now();
      if (now - lastReport < PROGRESS_MS) return;
      lastReport = now;
      const rate = done / ((now - seedStarted) / 1000);
      say(`  seeded ${fmt(done)} orders (${fmt(rate)} orders/s)`);
    });
    const events = await count(pool, 'es_events');
    say(`  ${fmt(events)} events, ${fmt(orders)} orders, in ${secs((performance.now() - seedStarted) / 1000)} s`);

    say('floor: the whole log read through readAll, applying nothing');
    const floor = await readWholeLog(store, batchSize);
    say(`  ${fmt(floor.events)} events in ${secs(floor.seconds)} s (${fmt(floor.events / floor.seconds)} events/s)`);

    say('rebuild: every read model from zero, together in one read of the log, as npm run restore does');
    const started = performance.now();
    const results = await rebuildReadModels(db, store, batchSize, say);
    const seconds = (performance.now() - started) / 1000;
    // A rebuild that lost or set aside any order fails the bench.
    const projected = await count(pool, 'rm_orders');
    const setAside = await count(pool, 'projection_dead_letters');
    if (projected !== orders || setAside > 0) throw new Error(`the rebuilt order list holds ${projected} orders of ${orders}; ${setAside} events set aside`);

    const result = {
      machine: machineDescription(database.describe),
      events,
      orders,
      batchSize,
      floor: { seconds: +secs(floor.seconds), eventsPerSecond: Math.round(floor.events / floor.seconds) },
      rebuild: { seconds: +secs(seconds), readModels: results.map((r) => r.projection) },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const row = (metric: string, measured: number, target: string): BenchRow => ({
      metric,
      measured: secs(measured),
      floor: `${secs(floor.seconds)} (one read of the log)`,
      ratio: (floor.seconds / measured).toFixed(2),
      target,
    });
    // Built together (decision 0057): one time for all of them, no time of each's own.
    await recordRows('rebuild', result.machine, [row(`rebuild of every read model (${results.length}, together) from ${fmt(events)} events: s`, seconds, '—')]);
    if (!benchEnv.BENCH_SMOKE) say('rebuild bench: rows added to docs/performance.md');
  } finally {
    await db.destroy();
    await database.close();
  }
}
