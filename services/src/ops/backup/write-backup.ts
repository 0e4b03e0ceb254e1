import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { BACKUP_FORMAT, BACKUP_KIND, type BackupHeader, type BackupTable } from './backup-format';
import { backupPlan, quoteIdent, rowsQuery, type PlannedTable, type Queryable } from './backup-tables';
import { gzipWriter, type GzipWriter } from './gzip-lines';
import { count, rowProgress, seconds, type WriteLine } from '../progress';

export interface BackupOptions {
  pool: pg.Pool;
  file: string;
  write: WriteLine;
  /** Rows per fetch; tables with stored files fetch far fewer. */
  fetchRows?: number;
}

export interface BackupResult {
  file: string;
  tables: BackupTable[];
  rows: number;
  bytes: number;
  ms: number;
}

const FILE_ROWS_PER_FETCH = 20;

/**
 * Writes every backed-up table (backup-tables.ts) to one gzip file of JSON lines (backup-format.ts)
 * through a cursor, one fetch at a time. Everything is read in one read-only REPEATABLE READ
 * transaction: one snapshot, so the users match the events and the counts match the rows. It takes
 * no transaction id, so the projections' readers (which wait for older writing transactions) are not
 * held back however long it runs. The file appears under its name only once complete.
 */
export async function writeBackup({ pool, file, write, fetchRows = 5_000 }: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const partial = `${file}.partial`;
  // A directory made here is its owner's alone, as the file is (gzip-lines.ts).
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  // A partial file left by a crash keeps the mode it was made with (0644 before backups were private).
  await rm(partial, { force: true });
  const client = await pool.connect();
  const out = gzipWriter(partial);
  try {
    await client.query('begin isolation level repeatable read read only');
    const plan = await backupPlan(client);
    const tables: BackupTable[] = [];
    for (const table of plan) tables.push({ name: table.name, columns: table.columns, rows: await countRows(client, table.name), base64: table.binary });
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    const header: BackupHeader = {
      kind: BACKUP_KIND,
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      server: (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
      migrations: await appliedMigrations(client),
      tables,
      rows,
    };
    write(`[backup] ${tables.length} tables, ${count(rows)} rows: ${tables.map((t) => `${t.name} ${count(t.rows)}`).join(', ')}`);
    await out.write(`${JSON.stringify(header)}\n`);
    for (const [i, table] of plan.entries()) {
      await copyTable(client, out, table, tables[i]!.rows, table.binary.length > 0 ? FILE_ROWS_PER_FETCH : fetchRows, write);
    }
    await out.write(`${JSON.stringify({ end: true, tables: tables.length, rows })}\n`);
    await client.query('commit');
    await out.close();
    await rename(partial, file);
    const { size } = await stat(file);
    const ms = Date.now() - started;
    write(`[backup] done: ${count(rows)} rows, ${(size / 2 ** 20).toFixed(1)} MiB in ${seconds(ms)} -> ${file}`);
    return { file, tables, rows, bytes: size, ms };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await out.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}

async function copyTable(client: Queryable, out: GzipWriter, table: PlannedTable, expected: number, fetchRows: number, write: WriteLine): Promise<void> {
  await out.write(`${JSON.stringify({ table: table.name, rows: expected })}\n`);
  await client.query(`declare backup_rows no scroll cursor for ${rowsQuery(table)}`);
  const progress = rowProgress(`[backup] ${table.name}`, expected, write);
  let done = 0;
  for (;;) {
    const { rows } = await client.query<{ row: string }>(`fetch forward ${fetchRows} from backup_rows`);
    if (rows.length === 0) break;
    done += rows.length;
    await out.write(`${rows.map((r) => r.row).join('\n')}\n`);
    progress.update(done);
  }
  await client.query('close backup_rows');
  // Same snapshot as the count: a difference would be a bug here, and a reader would misparse the file.
  if (done !== expected) throw new Error(`${table.name}: counted ${expected} rows but read ${done}`);
  progress.finish(done);
}

async function countRows(client: Queryable, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table)}`);
  return Number(rows[0]!.n);
}

async function appliedMigrations(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`select name from kysely_migration order by name`);
  return rows.map((r) => r.name);
}
