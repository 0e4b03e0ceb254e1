import type pg from 'pg';
import type { BackupTable } from './backup-format';
import { backupPlan, quoteIdent, quoteLiteral, type PlannedTable, type Queryable } from './backup-tables';
import { openBackup, type BackupReader } from './read-backup';
import { count, rowProgress, seconds, type WriteLine } from '../progress';
import { CommandError } from '../cli-errors';

/** The target database is not one a restore may write into (not empty, or from another version). */
export class RestoreRefusedError extends CommandError {}

export interface RestoreRowsOptions {
  pool: pg.Pool;
  file: string;
  /** Replace what the database holds instead of refusing a non-empty one. */
  force: boolean;
  write: WriteLine;
  batchRows?: number;
  batchBytes?: number;
}

export interface RestoreRowsResult {
  createdAt: string;
  tables: { name: string; rows: number }[];
  rows: number;
  ms: number;
}

/**
 * Writes a backup's rows into this database (already migrated by the caller) in one transaction:
 * a damaged or cut file, or any refused row, leaves the database as it was. Rows go in file order,
 * in batches handed to PostgreSQL as the JSON they were saved as; events therefore keep their ids,
 * streams, positions, data, metadata and recording times, and take new global positions (one
 * transaction, positions drawn in file order) in the same global order.
 */
export async function restoreRows({ pool, file, force, write, batchRows = 2_000, batchBytes = 8 * 2 ** 20 }: RestoreRowsOptions): Promise<RestoreRowsResult> {
  const started = Date.now();
  const backup = await openBackup(file);
  const { header } = backup;
  write(`[restore] backup of ${header.createdAt}: ${header.tables.length} tables, ${count(header.rows)} rows`);
  const client = await pool.connect();
  try {
    const target = await checkTarget(client, header.tables, force, write);
    await client.query('begin');
    try {
      // Cascade: tables a backup leaves out but that point at its tables (sessions, at users) are emptied with them.
      if (force) await client.query(`truncate ${[...target.values()].map((t) => quoteIdent(t.name)).join(', ')} restart identity cascade`);
      for (const table of header.tables) await restoreTable(client, backup, table, target.get(table.name)!, { batchRows, batchBytes }, write);
      await backup.finish();
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
  const ms = Date.now() - started;
  write(`[restore] rows done: ${count(header.rows)} in ${seconds(ms)}`);
  return { createdAt: header.createdAt, tables: header.tables.map(({ name, rows }) => ({ name, rows })), rows: header.rows, ms };
}

/** Every table and column of the backup must exist here; the tables must be empty unless forced. */
async function checkTarget(client: Queryable, tables: BackupTable[], force: boolean, write: WriteLine): Promise<Map<string, PlannedTable>> {
  const target = new Map((await backupPlan(client)).map((t) => [t.name, t]));
  for (const table of tables) {
    const here = target.get(table.name);
    const missing = here ? table.columns.filter((c) => !here.columns.includes(c)) : [];
    if (!here || missing.length > 0) {
      const what = here ? `column ${missing.join(', ')} in ${table.name}` : `table ${table.name}`;
      throw new RestoreRefusedError(`This version has no ${what}: the backup comes from a newer version; restore it with that version`);
    }
  }
  for (const name of target.keys()) {
    if (!tables.some((t) => t.name === name)) write(`[restore] ${name} is not in the backup (older version): it stays empty`);
  }
  const filled: string[] = [];
  for (const name of target.keys()) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select 1 from ${quoteIdent(name)}) as any`);
    if (rows[0]!.any) filled.push(name);
  }
  if (filled.length > 0 && !force) {
    throw new RestoreRefusedError(
      `The database is not empty (rows in ${filled.join(', ')}): restore into an empty database, or pass --force to replace its contents`,
    );
  }
  if (filled.length > 0) write(`[restore] --force: replacing the rows of ${filled.join(', ')}`);
  return target;
}

async function restoreTable(
  client: Queryable,
  backup: BackupReader,
  table: BackupTable,
  here: PlannedTable,
  limits: { batchRows: number; batchBytes: number },
  write: WriteLine,
): Promise<void> {
  const name = quoteIdent(table.name);
  const columns = table.columns.map(quoteIdent);
  const base64 = new Set(table.base64);
  const into = `insert into ${name} (${columns.join(', ')}) ${here.overridesIdentity ? 'overriding system value' : ''}`;
  // Rows without bytea go through jsonb_populate_recordset whole; base64 columns are decoded
  // beside it (left out of the record, whose bytea input would read them as escape format).
  const insert =
    base64.size === 0
      ? `${into} select ${columns.map((c) => `r.${c}`).join(', ')}
          from jsonb_populate_recordset(null::${name}, $1::jsonb) with ordinality as r order by r.ordinality`
      : `${into} select ${table.columns.map((c) => (base64.has(c) ? `decode(e.j->>${quoteLiteral(c)}, 'base64')` : `r.${quoteIdent(c)}`)).join(', ')}
          from jsonb_array_elements($1::jsonb) with ordinality as e(j, ord)
          cross join lateral jsonb_populate_record(null::${name}, e.j - array[${table.base64.map(quoteLiteral).join(', ')}]::text[]) as r
          order by e.ord`;
  const progress = rowProgress(`[restore] ${table.name}`, table.rows, write);
  let done = 0;
  for await (const batch of backup.batches(table, limits.batchRows, limits.batchBytes)) {
    await client.query(insert, [`[${batch.join(',')}]`]);
    done += batch.length;
    progress.update(done);
  }
  // Restored identity values were written over the sequence: new rows must be drawn past them.
  for (const column of here.identityColumns.filter((c) => table.columns.includes(c))) {
    await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdent(column)}), 0) + 1, false) from ${name}`, [name, column]);
  }
  progress.finish(done);
}
