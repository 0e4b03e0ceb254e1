import pg from 'pg';
import { projections } from '../../projections/src/read-models/index';

/**
 * Tables left out of the comparison, and why: they are not state a rebuild must reproduce.
 * rm_order_changes is the live streams' change feed (one row per order a batch changed): a replay
 * batches differently, so its rows differ by design.
 */
const NOT_COMPARED = new Set(['rm_order_changes']);

/** Rows that say nothing: a count that went back to zero is the same as no row, which is what a replay (one batch) leaves. */
const EMPTY_ROWS: Record<string, string> = { rm_order_counts: 'orders = 0 and fiat_total = 0' };

export type Checksums = Map<string, { rows: number; checksum: string; columns: Record<string, string> }>;

/**
 * A checksum of every row of every projection's tables, by table, and of each column's values (to
 * name what differs). Identity columns (a feed's `seq`) are left out: a position drawn when the row
 * was written, which a rebuild draws again from where the sequence stood.
 */
export async function readModelChecksums(databaseUrl: string): Promise<Checksums> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sums: Checksums = new Map();
  try {
    for (const table of projections.flatMap((p) => p.tables)) {
      if (NOT_COMPARED.has(table)) continue;
      const { rows: columnRows } = await client.query<{ column_name: string; is_identity: string }>(
        `select column_name, is_identity from information_schema.columns where table_schema = current_schema() and table_name = $1`,
        [table],
      );
      const identity = columnRows.filter((c) => c.is_identity === 'YES').map((c) => c.column_name);
      const compared = columnRows.filter((c) => c.is_identity !== 'YES').map((c) => c.column_name);
      const where = EMPTY_ROWS[table] ? `where not (${EMPTY_ROWS[table]})` : '';
      const from = `(select * from ${client.escapeIdentifier(table)} ${where}) t`;
      const { rows } = await client.query<{ rows: number; checksum: string }>(
        `select count(*)::int as rows, coalesce(md5(string_agg(r, E'\\n' order by r)), '') as checksum
         from (select (to_jsonb(t) - $1::text[])::text as r from ${from}) s`,
        [identity],
      );
      const columns: Record<string, string> = {};
      for (const column of compared) {
        const name = client.escapeIdentifier(column);
        const { rows: one } = await client.query<{ checksum: string }>(
          `select coalesce(md5(string_agg(v, E'\\n' order by v)), '') as checksum from (select ${name}::text as v from ${from}) s`,
        );
        columns[column] = one[0]!.checksum;
      }
      sums.set(table, { ...rows[0]!, columns });
    }
  } finally {
    await client.end();
  }
  return sums;
}

/** The tables whose rows differ between two checksums, with the columns that do. */
export function differingTables(before: Checksums, after: Checksums): string[] {
  return [...before]
    .filter(([table, sum]) => after.get(table)?.checksum !== sum.checksum)
    .map(([table, sum]) => {
      const rebuilt = after.get(table);
      const columns = Object.keys(sum.columns).filter((c) => rebuilt?.columns[c] !== sum.columns[c]);
      return `${table} (${sum.rows} rows, ${rebuilt?.rows ?? 0} after the rebuild; columns ${columns.join(', ') || 'none alone'})`;
    });
}
