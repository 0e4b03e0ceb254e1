import type pg from 'pg';
import { PROJECTION_OWNED_TABLES } from '@desk/projections/schema/owned-tables';

export type Queryable = Pick<pg.ClientBase, 'query'>;

export const EVENTS_TABLE = 'es_events';

/**
 * The event log's positions are the writing transaction and an identity drawn at insert time: a
 * restore writes the events again in their global order, so both are drawn afresh and the order
 * (what every reader and checkpoint relies on) is the same. Everything else of an event is kept.
 */
const REASSIGNED: Readonly<Record<string, readonly string[]>> = { [EVENTS_TABLE]: ['global_position', 'transaction_id'] };
const GLOBAL_ORDER: Readonly<Record<string, readonly string[]>> = { [EVENTS_TABLE]: ['transaction_id', 'global_position'] };

/** Kysely's own bookkeeping: the restoring process runs the migrations itself. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * How far the webhooks' feed has read the log (decision 0039): a position in the log as it was, which
 * means nothing once a restore draws the positions afresh. Left out, the restored desk's feed starts
 * again and sends only what happens after it.
 */
const WEBHOOK_FEED = 'webhook_feed';

/**
 * Sessions are left out (decision 0029): restored, they would open accounts again with tokens
 * issued before the backup, some of them ended since; left out, everyone signs in again after a
 * restore. They hold addresses and browsers too, which a backup file need not carry.
 */
const LEFT_OUT_TABLES = ['sessions', WEBHOOK_FEED];

export interface PlannedTable {
  name: string;
  /** The columns copied, in table order. */
  columns: string[];
  /** Generated columns and the event log's positions: not copied. */
  leftOut: string[];
  /** Rows are written in this order: the global order for events, the primary key otherwise. */
  orderBy: string[];
  /** Copied identity columns, whose sequences a restore moves past the restored values. */
  identityColumns: string[];
  /** A GENERATED ALWAYS identity is among the copied columns: inserts need OVERRIDING SYSTEM VALUE. */
  overridesIdentity: boolean;
  /** Copied bytea columns (stored files): written as base64, and read a few rows at a time rather than thousands. */
  binary: string[];
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  identity: string;
  generated: string;
  type_name: string;
}

/**
 * What a backup holds, read from the database itself: every table of the schema except what the
 * projections own (rebuilt from the events) and the migrations' bookkeeping, so a table added
 * later (stored files, say) is backed up without anyone remembering to list it. Events come first,
 * then the rest with every table after the tables its foreign keys point to.
 */
export async function backupPlan(db: Queryable): Promise<PlannedTable[]> {
  const skipped = new Set([...PROJECTION_OWNED_TABLES, ...MIGRATION_TABLES, ...LEFT_OUT_TABLES]);
  const { rows: columns } = await db.query<ColumnRow>(`
    select c.relname::text as table_name, a.attname::text as column_name, a.attidentity::text as identity,
           a.attgenerated::text as generated, t.typname::text as type_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname, a.attnum`);
  const keys = await primaryKeys(db);
  const tables = new Map<string, PlannedTable>();
  for (const column of columns) {
    if (skipped.has(column.table_name)) continue;
    let table = tables.get(column.table_name);
    if (!table) {
      const name = column.table_name;
      table = {
        name,
        columns: [],
        leftOut: [],
        orderBy: [...(GLOBAL_ORDER[name] ?? keys.get(name) ?? [])],
        identityColumns: [],
        overridesIdentity: false,
        binary: [],
      };
      tables.set(name, table);
    }
    if (column.generated !== '' || REASSIGNED[table.name]?.includes(column.column_name)) {
      table.leftOut.push(column.column_name);
      continue;
    }
    table.columns.push(column.column_name);
    if (column.identity !== '') table.identityColumns.push(column.column_name);
    if (column.identity === 'a') table.overridesIdentity = true;
    if (column.type_name === 'bytea') table.binary.push(column.column_name);
  }
  return inDependencyOrder([...tables.values()], await foreignKeys(db));
}

async function primaryKeys(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(`
    select c.relname::text as table_name, array_agg(a.attname::text order by k.ord) as columns
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = current_schema()
    group by c.relname`);
  return new Map(rows.map((r) => [r.table_name, r.columns]));
}

async function foreignKeys(db: Queryable): Promise<{ from: string; to: string }[]> {
  const { rows } = await db.query<{ from: string; to: string }>(`
    select c.relname::text as from, r.relname::text as to
    from pg_constraint f
    join pg_class c on c.oid = f.conrelid
    join pg_class r on r.oid = f.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where f.contype = 'f' and n.nspname = current_schema() and c.oid <> r.oid`);
  return rows;
}

/** Events first; then each table once every table it references is placed (by name among equals). */
function inDependencyOrder(tables: PlannedTable[], references: { from: string; to: string }[]): PlannedTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed: PlannedTable[] = [];
  const done = new Set<string>();
  const place = (name: string) => {
    placed.push(byName.get(name)!);
    done.add(name);
  };
  if (byName.has(EVENTS_TABLE)) place(EVENTS_TABLE);
  const rest = [...byName.keys()].filter((n) => n !== EVENTS_TABLE).sort();
  while (done.size < byName.size) {
    const ready = rest.find((name) => !done.has(name) && references.every((r) => r.from !== name || done.has(r.to) || !byName.has(r.to)));
    // A cycle of foreign keys has no order: place the first remaining table and let the restore say so.
    place(ready ?? rest.find((name) => !done.has(name))!);
  }
  return placed;
}

/** A name from the catalog, quoted for SQL. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A name from the catalog as an SQL string. */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The rows of a table as a backup holds them, in its order: one JSON text per row, PostgreSQL's
 * to_jsonb without the columns left out, with bytea columns as base64 (backup-format.ts).
 */
export function rowsQuery(table: PlannedTable): string {
  const dropped = [...table.leftOut, ...table.binary];
  const minus = dropped.length > 0 ? ` - array[${dropped.map(quoteLiteral).join(', ')}]::text[]` : '';
  const base64 = table.binary.map((c) => `${quoteLiteral(c)}, encode(t.${quoteIdent(c)}, 'base64')`);
  const plus = base64.length > 0 ? ` || jsonb_build_object(${base64.join(', ')})` : '';
  const order = table.orderBy.length > 0 ? ` order by ${table.orderBy.map((c) => `t.${quoteIdent(c)}`).join(', ')}` : '';
  return `select (to_jsonb(t)${minus}${plus})::text as row from ${quoteIdent(table.name)} t${order}`;
}
