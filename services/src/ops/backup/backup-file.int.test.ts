import { appendStatement } from '@desk/platform/eventstore/postgres/pg-append-statement';
import { verifyStore } from '@desk/platform/eventstore/chain/verify-store';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { infrastructureOf } from '../../../../tests/support/demo-apps';
import { testEvents } from '../../../../tests/support/event-factory';
import { waitFor } from '../../../../tests/support/wait-for';
import { PROJECTION_OWNED_TABLES } from '@desk/projections/schema/owned-tables';
import { backupPlan } from './backup-tables';
import { writeBackup } from './write-backup';
import { restoreRows, RestoreRefusedError } from './restore-rows';
import { BadBackupError } from './read-backup';

const quiet = () => undefined;

describe('backup files', () => {
  let dir: string;
  const databases: TestDatabase[] = [];
  const database = async () => {
    const created = await createTestDatabase({ poolSize: 4 });
    databases.push(created);
    return created;
  };
  const rowsOf = async (db: TestDatabase, sql: string) => (await db.pool.query(sql)).rows;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-backup-file-'));
  });
  afterEach(async () => {
    for (const db of databases.splice(0)) await db.drop();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A database with a few streams and one account. */
  async function small(): Promise<TestDatabase> {
    const db = await database();
    const { eventStore } = infrastructureOf(db);
    for (let i = 0; i < 3; i++) await eventStore.append(`order-${randomUUID()}`, testEvents(4), { expected: 'no_stream' });
    await db.pool.query(`insert into users (id, tenant_id, phone, password_hash, roles) values ($1, 'default', '+919300000001', 'x', '{admin}')`, [
      randomUUID(),
    ]);
    return db;
  }

  it('backs up every table but the read models and the runtime, events first and accounts before what points at them', async () => {
    const db = await database();
    const plan = (await backupPlan(db.pool)).map((t) => t.name);
    expect(plan[0]).toBe('es_events');
    for (const table of ['users', 'user_wallets', 'user_bank_accounts', 'idempotency_keys', 'order_ref_codes']) expect(plan).toContain(table);
    // Authenticators and recovery codes are kept; sessions are not (decision 0029: after a restore, everyone signs in again).
    expect(plan).toContain('staff_authenticators');
    expect(plan).toContain('staff_recovery_codes');
    expect(plan).not.toContain('sessions');
    expect(plan.indexOf('users')).toBeLessThan(plan.indexOf('user_wallets'));
    expect(plan.indexOf('users')).toBeLessThan(plan.indexOf('user_bank_accounts'));
    expect(plan.filter((t) => PROJECTION_OWNED_TABLES.includes(t) || t.startsWith('kysely_'))).toEqual([]);
    const { rows } = await db.pool.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = current_schema() and tablename like 'rm\\_%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { name } of rows) expect(PROJECTION_OWNED_TABLES, `${name} must be listed in owned-tables.ts`).toContain(name);
  });

  it('writes a file, and a directory it makes, that only their owner can read', async () => {
    const db = await small();
    const file = path.join(dir, 'private', 'nested', 'backup.jsonl.gz');
    await writeBackup({ pool: db.pool, file, write: quiet });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('refuses a database that holds data, unless forced, and then replaces what it held', async () => {
    const file = path.join(dir, 'small.jsonl.gz');
    await writeBackup({ pool: (await small()).pool, file, write: quiet });
    const other = await small();
    const before = await rowsOf(other, 'select event_id from es_events order by event_id');

    await expect(restoreRows({ pool: other.pool, file, force: false, write: quiet })).rejects.toThrow(RestoreRefusedError);
    expect(await rowsOf(other, 'select event_id from es_events order by event_id')).toEqual(before);

    await restoreRows({ pool: other.pool, file, force: true, write: quiet });
    const after = await rowsOf(other, 'select event_id from es_events order by event_id');
    expect(after).toHaveLength(12);
    expect(after).not.toEqual(before);
    expect(await rowsOf(other, 'select count(*)::int as n from users')).toEqual([{ n: 1 }]);
  });

  it('leaves the database as it was when the file is cut short or damaged, even when forced', async () => {
    const file = path.join(dir, 'whole.jsonl.gz');
    await writeBackup({ pool: (await small()).pool, file, write: quiet });
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(`${lines.slice(0, -3).join('\n')}\n`));
    const damaged = path.join(dir, 'damaged.jsonl.gz');
    await writeFile(damaged, (await readFile(file)).subarray(0, 400));
    const other = await small();
    const before = await rowsOf(other, 'select event_id, stream_id, stream_position from es_events order by event_id');

    await expect(restoreRows({ pool: other.pool, file: cut, force: true, write: quiet })).rejects.toThrow(/ends at line \d+, before .*incomplete/);
    await expect(restoreRows({ pool: other.pool, file: damaged, force: true, write: quiet })).rejects.toThrow(BadBackupError);
    expect(await rowsOf(other, 'select event_id, stream_id, stream_position from es_events order by event_id')).toEqual(before);
    expect(await rowsOf(other, 'select count(*)::int as n from users')).toEqual([{ n: 1 }]);
  });

  it('keeps the global order of events whose transactions committed out of step with their positions', async () => {
    const db = await database();
    const { eventStore } = infrastructureOf(db);
    // A takes its transaction id first, B appends and commits, then A appends: A's position is the
    // higher, yet A comes first in the global order (transaction ids order the log, event-store.md).
    const a = await db.pool.connect();
    await a.query('begin');
    await a.query('select pg_current_xact_id()');
    await eventStore.append('stream-b', testEvents(1), { expected: 'no_stream' });
    const [eventA] = testEvents(1);
    // The adapter's own statement, on A's open transaction.
    await a.query(appendStatement('stream-a', [eventA!], 'no_stream'));
    await a.query('commit');
    a.release();
    // Both, once no older transaction anywhere on the test server holds them back from global reads.
    const order = (store = eventStore) =>
      waitFor('both events readable', async () => {
        const ids = (await store.readAll(null, 10)).map((e) => e.streamId);
        return ids.length === 2 ? ids : null;
      });
    expect(await order()).toEqual(['stream-a', 'stream-b']);
    expect(await rowsOf(db, 'select stream_id from es_events order by global_position')).toEqual([{ stream_id: 'stream-b' }, { stream_id: 'stream-a' }]);

    const file = path.join(dir, 'crossed.jsonl.gz');
    await writeBackup({ pool: db.pool, file, write: quiet });
    const target = await database();
    await restoreRows({ pool: target.pool, file, force: false, write: quiet });
    expect(await order(infrastructureOf(target).eventStore)).toEqual(['stream-a', 'stream-b']);
    // The chain's hashes travel with the events: the restored store verifies.
    expect(await verifyStore(infrastructureOf(target).eventStore)).toMatchObject({ intact: true, events: 2 });
  });

  it('copies a table added later (stored files, say) byte for byte, and moves its identity past the restored rows', async () => {
    const extra = `create table ops_extra_files (n bigint generated always as identity primary key, body bytea not null, note text, doubled bigint generated always as (n * 2) stored)`;
    const db = await database();
    await db.pool.query(extra);
    const bodies = [Buffer.from([0, 1, 2, 255, 0]), Buffer.alloc(300_000, 7), Buffer.from('ünïcode \\ "quoted"\n', 'utf8')];
    for (const body of bodies) await db.pool.query('insert into ops_extra_files (body, note) values ($1, $2)', [body, body.length > 10 ? null : 'small']);
    await db.pool.query('delete from ops_extra_files where n = 1');
    const file = path.join(dir, 'extra.jsonl.gz');
    await writeBackup({ pool: db.pool, file, write: quiet, fetchRows: 1 });
    const header = JSON.parse(
      gunzipSync(await readFile(file))
        .toString('utf8')
        .split('\n')[0]!,
    );
    expect(header.tables.find((t: { name: string }) => t.name === 'ops_extra_files')).toMatchObject({ columns: ['n', 'body', 'note'], base64: ['body'] });

    const target = await database();
    await target.pool.query(extra);
    await restoreRows({ pool: target.pool, file, force: false, write: quiet, batchBytes: 1_000 });
    const read = (d: TestDatabase) => rowsOf(d, 'select n, body, note, doubled from ops_extra_files order by n');
    expect(await read(target)).toEqual(await read(db));
    const { rows } = await target.pool.query(`insert into ops_extra_files (body) values ('\\x00') returning n`);
    expect(Number(rows[0].n)).toBe(4);
  });

  it('refuses a backup naming a table or column this version does not have', async () => {
    const db = await database();
    await db.pool.query('create table ops_newer (id uuid primary key)');
    await db.pool.query('insert into ops_newer values ($1)', [randomUUID()]);
    const file = path.join(dir, 'newer.jsonl.gz');
    await writeBackup({ pool: db.pool, file, write: quiet });
    const target = await database();
    await expect(restoreRows({ pool: target.pool, file, force: false, write: quiet })).rejects.toThrow(
      /no table ops_newer: the backup comes from a newer version/,
    );
  });
});
