/**
 * `npm run bench -- backup`: `npm run backup` and `npm run restore` (their functions, as the CLIs
 * call them) over BENCH_BACKUP_ORDERS orders (20,000 by default) with their customers, saved
 * accounts, reference codes and a proof file for every hundredth order, and the physical floor of
 * the backup: the same rows read through the same cursors in the same snapshot, written nowhere.
 * The restore goes into a second, empty database on the same server and must give back the same
 * counts and every order in the read model.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { withDatabase } from '../../platform/src/db/embedded-postgres';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import { setLogLevel } from '../../platform/src/logging/logger';
import { allMigrations } from '../../services/src/main/all-migrations';
import { insertUser } from '../../services/src/identity/users.repository';
import { backupPlan, rowsQuery } from '../../services/src/ops/backup/backup-tables';
import { writeBackup } from '../../services/src/ops/backup/write-backup';
import { restoreRows } from '../../services/src/ops/backup/restore-rows';
import { rebuildReadModels } from '../../services/src/ops/backup/rebuild-read-models';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { seedOrders } from './orders-seed';
import { machineDescription, recordRows } from './performance-doc';

const say = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => (ms / 1000).toFixed(1);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const CUSTOMERS = 100;
const FILE_BYTES = 200 * 1024;

/** Peak resident memory while `work` runs, sampled every 50 ms: the log must stream, never sit in memory. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; startRss: number; peakRss: number }> {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, startRss, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}

/** The floor: every backed-up row read as the backup reads it (cursor, to_jsonb text, one snapshot), then dropped. */
async function readOnly(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  let rows = 0;
  try {
    await client.query('begin isolation level repeatable read read only');
    for (const table of await backupPlan(client)) {
      await client.query(`declare floor_rows no scroll cursor for ${rowsQuery(table)}`);
      for (let got = -1; got !== 0; rows += got)
        got = (await client.query(`fetch forward ${table.binary.length > 0 ? 20 : 5000} from floor_rows`)).rowCount ?? 0;
      await client.query('close floor_rows');
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  return rows;
}

async function counts(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(`select
      (select count(*)::int from es_events) as events, (select count(*)::int from users) as users,
      (select count(*)::int from user_wallets) as wallets, (select count(*)::int from order_ref_codes) as ref_codes,
      (select count(*)::int from stored_files) as files, (select coalesce(sum(size), 0)::int from stored_files) as file_bytes,
      (select count(*)::int from rm_orders) as orders`);
  return rows[0]!;
}

export async function runBackupBench(): Promise<void> {
  setLogLevel('warn');
  const orders = benchEnv.BENCH_BACKUP_ORDERS;
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-bench-backup-'));
  const source = createPool({ connectionString: database.url, max: 10, applicationName: 'bench' });
  const restoredName = `bench_restore_${Date.now()}`;
  await source.query(`create database ${restoredName}`);
  const target = createPool({ connectionString: withDatabase(database.url, restoredName), max: 10, applicationName: 'bench' });
  const targetDb = createKysely<any>(target);
  try {
    const db = createKysely<any>(source);
    await migrateToLatest(db, allMigrations);
    const store = new PgEventStore({ pool: source, connectionString: database.url });

    say(`backup bench: seeding ${fmt(orders)} orders for ${CUSTOMERS} customers through the event store`);
    const customers: { id: string; phone: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const user = (await insertUser(db, {
        tenantId: 'default',
        username: `customer ${i}`,
        phone: `+9170${String(i).padStart(8, '0')}`,
        passwordHash: 'x',
        roles: [],
      }))!;
      customers.push({ id: user.id, phone: user.phone });
      await source.query(`insert into user_wallets (id, user_id, network, address) values ($1, $2, 'TRC20', $3)`, [randomUUID(), user.id, `T${i}`]);
      await source.query(
        `insert into user_bank_accounts (id, user_id, bank_name, account_name, account_number, ifsc) values ($1, $2, 'SBI', 'A', '12345678', 'SBIN0001234')`,
        [randomUUID(), user.id],
      );
    }
    let reported = 0;
    await seedOrders(store, orders, customers, ['default', randomUUID(), randomUUID()], (done) => {
      if (done - reported >= 5_000) say(`  seeded ${fmt((reported = done))}`);
    });
    await source.query(
      `insert into order_ref_codes (ref_code, order_id) select data->>'refCode', (data->>'orderId')::uuid from es_events where event_type = 'OrderPlaced'`,
    );
    for (let i = 0; i < Math.floor(orders / 100); i++) {
      // Random bytes: proof images are compressed already, so gzip gains nothing on them either.
      await source.query(`insert into stored_files (file_id, content_type, size, bytes) values ($1, 'image/png', $2, $3)`, [
        randomUUID(),
        FILE_BYTES,
        randomBytes(FILE_BYTES),
      ]);
    }
    const before = await counts(source);
    say(`  ${fmt(before.events!)} events, ${fmt(before.users!)} users, ${fmt(before.files!)} files (${mib(before.file_bytes!)} MiB)`);

    say('floor: the same rows read through the same cursors, written nowhere');
    const floor = await withPeakMemory(() => readOnly(source));
    say(`backup: to ${dir}`);
    const file = path.join(dir, 'bench.jsonl.gz');
    const backup = await withPeakMemory(() => writeBackup({ pool: source, file, write: say }));
    say('restore: into an empty database on the same server, then every read model rebuilt');
    await migrateToLatest(targetDb, allMigrations);
    const restore = await withPeakMemory(async () => {
      const rows = await restoreRows({ pool: target, file, force: false, write: say });
      const rebuildStarted = performance.now();
      await rebuildReadModels(
        targetDb,
        new PgEventStore({ pool: target, connectionString: withDatabase(database.url, restoredName) }),
        benchEnv.PROJECTION_BATCH_SIZE,
        say,
      );
      return { rowsMs: rows.ms, rebuildMs: performance.now() - rebuildStarted };
    });
    const after = await counts(target);
    const { orders: _notBackedUp, ...backedUp } = before;
    const { orders: projected, ...restored } = after;
    if (JSON.stringify(restored) !== JSON.stringify(backedUp) || projected !== orders) {
      throw new Error(`restored ${JSON.stringify(after)} from ${JSON.stringify(before)}`);
    }

    const result = {
      machine: machineDescription(database.describe),
      orders,
      events: before.events,
      rows: backup.result.rows,
      files: { count: before.files, mib: +mib(before.file_bytes!) },
      floor: { seconds: +secs(floor.ms), rows: floor.result },
      backup: {
        seconds: +secs(backup.ms),
        mib: +mib(backup.result.bytes),
        rowsPerSecond: Math.round(backup.result.rows / (backup.ms / 1000)),
        startRssMib: +mib(backup.startRss),
        peakRssMib: +mib(backup.peakRss),
      },
      restore: {
        seconds: +secs(restore.ms),
        rowsSeconds: +secs(restore.result.rowsMs),
        readModelsSeconds: +secs(restore.result.rebuildMs),
        startRssMib: +mib(restore.startRss),
        peakRssMib: +mib(restore.peakRss),
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const what = `${fmt(orders)} orders (${fmt(before.events!)} events, ${fmt(backup.result.rows)} rows, ${before.files} files of 200 KB)`;
    await recordRows('backup', result.machine, [
      {
        metric: `backup of ${what}: s (file MiB, RSS MiB at start → peak)`,
        measured: `${secs(backup.ms)} (${mib(backup.result.bytes)}, ${mib(backup.startRss)} → ${mib(backup.peakRss)})`,
        floor: `${secs(floor.ms)} reading the same rows`,
        ratio: (floor.ms / backup.ms).toFixed(2),
        target: '< 60 s',
      },
      {
        metric: `restore of that file into an empty database: s (rows / read models rebuilt, RSS MiB at start → peak)`,
        measured: `${secs(restore.ms)} (${secs(restore.result.rowsMs)} / ${secs(restore.result.rebuildMs)}, ${mib(restore.startRss)} → ${mib(restore.peakRss)})`,
        floor: '—',
        ratio: '—',
        target: '< 120 s',
      },
    ]);
    if (!benchEnv.BENCH_SMOKE) say('backup bench: rows added to docs/performance.md');
  } finally {
    await targetDb.destroy();
    await source.query(`drop database if exists ${restoredName} with (force)`);
    await source.end();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
