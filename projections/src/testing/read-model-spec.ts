/**
 * Read models as Given/When/Then over events (events in, rows out), as the deciders' specs are
 * (machines/src/testing/given-when-then.ts): given these recorded events, when these arrive, then
 * these rows. The events go through the projection's real batch path (its `writes` and the batch's
 * one statement with the checkpoint, runtime/batch-applier.ts) into a test database, three ways:
 * all in one batch (a rebuild), one event per batch (a projector meeting them one by one), and the
 * given events then the new ones (a projector that had stored the given state); the three must
 * leave the same rows. Decision 0049. Test support only.
 */
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from '../runtime/projection';
import { BatchApplier } from '../runtime/batch-applier';
import { resetForRebuild } from '../runtime/checkpoint-store';
import { quarantineSummary } from '../runtime/dead-letter-store';
import { recordEvents, type SpecEvent } from './spec-events';

type Table = keyof ReadModelDatabase & string;
type Row = Record<string, unknown>;

export interface ReadModelSpecOptions {
  /**
   * Tables whose rows depend on how the events were batched, by design (the orders' live feed: one
   * row per order and batch), left out of the comparison of the three builds; the specs still read
   * them after the given-then-when build.
   */
  batchDependent?: readonly Table[];
  /**
   * The rows of a table the builds must agree on, when some rows depend on the batching by design
   * (a count a batch brought to zero stays as a row at zero; one batch never wrote it).
   */
  compared?: Partial<Record<Table, (row: Row) => boolean>>;
}

/** What a spec checks after its events were applied: the rows of the projection's tables. */
export interface ReadModelThen {
  /** The table's rows, in its primary key's order (or `orderBy`), each matching its expected fields; no more, no fewer. */
  thenRows(table: Table, rows: readonly Row[], orderBy?: string): Promise<ReadModelThen>;
  /** No row of the table matches these fields. */
  thenNoRow(table: Table, where: Row): Promise<ReadModelThen>;
  /** The table's rows as they are (for checks a list of fields cannot state). */
  rows(table: Table, orderBy?: string): Promise<Row[]>;
}

export function readModelSpec(projection: Projection, options: ReadModelSpecOptions = {}) {
  return (db: Kysely<ReadModelDatabase>) => ({
    given: (...given: SpecEvent[]) => ({
      /** Applies the events the three ways and checks they agree; the database keeps the given-then-when build. */
      async when(...arriving: SpecEvent[]): Promise<ReadModelThen> {
        const events = recordEvents([...given, ...arriving]);
        const compared = projection.tables.filter((table) => !options.batchDependent?.includes(table));
        const build = async (batches: RecordedEvent[][]) => {
          // Fresh event objects for each build: the order read models remember a fold per event object
          // (order-batches.ts), and each build must fold on its own.
          await rebuildFrom(
            db,
            projection,
            batches.map((batch) => batch.map((event) => ({ ...event }))),
          );
          return snapshot(db, compared, options.compared ?? {});
        };
        const inOneBatch = await build([events]);
        const oneByOne = await build(events.map((event) => [event]));
        const givenThenWhen = await build([events.slice(0, given.length), events.slice(given.length)].filter((batch) => batch.length > 0));
        expect(oneByOne, 'one event per batch builds what one batch does').toEqual(inOneBatch);
        expect(givenThenWhen, 'the given events, then the new ones, build what one batch does').toEqual(inOneBatch);
        return thenFor(db);
      },
    }),
  });
}

/** Empties the projection's tables as a rebuild does, then applies the batches in turn; an event the projection fails on fails the spec. */
async function rebuildFrom(db: Kysely<ReadModelDatabase>, projection: Projection, batches: RecordedEvent[][]): Promise<void> {
  await resetForRebuild(db, projection, 0);
  const applier = new BatchApplier({ projection, eventAttempts: 1 });
  let from = null;
  for (const batch of batches) {
    const outcome = await applier.apply(db, from, batch);
    if (outcome === 'moved' || outcome.applied !== batch.length) {
      const { quarantine } = await quarantineSummary(db, projection.name);
      throw new Error(`${projection.name} failed on ${quarantine.map((q) => `${q.type} (${q.error})`).join(', ') || String(outcome)}`);
    }
    from = batch[batch.length - 1]!.globalPosition;
  }
}

/** Every row of the tables, without the columns a build numbers or times itself (serials, `now()`), which differ between builds. */
async function snapshot(
  db: Kysely<ReadModelDatabase>,
  tables: readonly Table[],
  compared: Partial<Record<Table, (row: Row) => boolean>>,
): Promise<Record<string, string[]>> {
  const built: Record<string, string[]> = {};
  for (const table of tables) {
    const own = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
        and (column_default like 'nextval(%' or column_default like 'now()%' or column_default = 'CURRENT_TIMESTAMP' or is_identity = 'YES')`.execute(db);
    const skipped = new Set(own.rows.map((r) => r.name));
    const rows = (await sql<{ row: Row }>`select to_jsonb(t) as row from ${sql.table(table)} t`.execute(db)).rows;
    // Sorted once the skipped columns are gone: a serial would order the rows as each build inserted them.
    const kept = rows.map(({ row }) => row).filter(compared[table] ?? (() => true));
    built[table] = kept.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !skipped.has(column))))).sort();
  }
  return built;
}

function thenFor(db: Kysely<ReadModelDatabase>): ReadModelThen {
  const then: ReadModelThen = {
    async rows(table, orderBy) {
      const order = orderBy ?? (await primaryKey(db, table));
      return (await sql<Row>`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(db)).rows;
    },
    async thenRows(table, rows, orderBy) {
      expect(await then.rows(table, orderBy), table).toMatchObject(rows);
      return then;
    },
    async thenNoRow(table, where) {
      const all = await then.rows(table);
      expect(
        all.filter((row) => Object.entries(where).every(([column, value]) => isDeepEqual(row[column], value))),
        `${table} has no row with ${JSON.stringify(where)}`,
      ).toEqual([]);
      return then;
    },
  };
  return then;
}

async function primaryKey(db: Kysely<ReadModelDatabase>, table: Table): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`.execute(db);
  return rows.map((r) => `"${r.name}"`).join(', ') || '1';
}

const isDeepEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
