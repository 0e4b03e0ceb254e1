/**
 * The floor of what import and matching must write, in the same run, through the event store port
 * and nothing else (no decision, no claim, no order read and folded, no rule, no projection), on a
 * database of its own on the same server so the product's log and projections never see it:
 * - the lines: every statement line as a StatementLineRecorded event on one account stream, in
 *   appends of 500 (StatementImports' chunks): the issue makes each line an event;
 * - the matches: one PaymentMatched-shaped event on each of as many new order streams as there are
 *   matches, by 4 writers (the matcher's lanes) and by 8: each match is an event on its own order's
 *   stream (decision 0032), so no matcher records matches faster than the store appends them.
 */
import { randomUUID } from 'node:crypto';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { ExpectedVersion } from '../../platform/src/eventstore/event-store';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import type { StatementLine } from '../../machines/src/reconciliation/statement';
import { APPEND_CHUNK } from '../../services/src/reconciliation/statement-imports';
import { allMigrations } from '../../services/src/main/all-migrations';
import type { BenchDatabase } from './bench-database';

export interface AppendFloor {
  /** What was appended: the statement's lines (in chunks, one stream) or the matches (one event a stream, by `writers`). */
  what: 'lines' | 'matches';
  writers: number;
  events: number;
  seconds: number;
}

/** A match as PaymentMatched records it (payment-matcher.ts `paymentMatch`): the size of the payload matters to the append. */
const matchedData = (n: number) => ({
  accountId: randomUUID(),
  accountTenantId: 'default',
  accountLabel: 'HDFC Bank ••••5678',
  lineKey: randomUUID().replaceAll('-', '').repeat(2),
  statementId: randomUUID(),
  bookedOn: '2026-10-01',
  direction: 'credit',
  amount: '25000.00',
  reference: String(400_000_000_000 + n),
  payerName: 'Ravi Kumar',
  narration: `UPI-RAVI KUMAR-ravikumar${n}@okaxis-UTIB0001234-${400_000_000_000 + n}-BUY USDT`,
  via: 'reference',
  flags: [],
  note: null,
  matchedBy: null,
  matchedAt: new Date().toISOString(),
});

/** `events` appends of one event each, every one to a new stream, by `writers` concurrent writers. */
async function appendOnNewStreams(store: PgEventStore, events: number, writers: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < events) {
        const n = next++;
        const metadata = systemMetadata('default', 'statement-matcher');
        await store.append(`order-${randomUUID()}`, [{ eventId: randomUUID(), type: 'PaymentMatched', data: matchedData(n), metadata }], {
          expected: 'no_stream',
        });
      }
    }),
  );
}

/** The lines as an import records them: StatementLineRecorded on one account's stream, APPEND_CHUNK at a time. */
async function appendLines(store: PgEventStore, lines: readonly StatementLine[]): Promise<void> {
  const stream = `bankaccount-${randomUUID()}`;
  const statementId = randomUUID();
  const metadata = systemMetadata('default', 'bench-admin');
  let expected: ExpectedVersion = 'no_stream';
  for (let start = 0; start < lines.length; start += APPEND_CHUNK) {
    const chunk = lines.slice(start, start + APPEND_CHUNK).map((line) => ({
      eventId: randomUUID(),
      type: 'StatementLineRecorded',
      data: { statementId, key: randomUUID().replaceAll('-', '').repeat(2), line },
      metadata,
    }));
    expected = (await store.append(stream, chunk, { expected })).nextExpectedVersion;
  }
}

export async function measureAppendFloors(database: BenchDatabase, lines: readonly StatementLine[], matches: number): Promise<AppendFloor[]> {
  const url = await database.sibling('append_floor');
  const pool = createPool({ connectionString: url, max: 20, applicationName: 'bench' });
  const db = createKysely<any>(pool);
  try {
    await migrateToLatest(db, allMigrations);
    const store = new PgEventStore({ pool, connectionString: url });
    // Warmed up first: a new database's first appends and this code's first calls are not the floor.
    await appendLines(store, lines.slice(0, 2_000));
    await appendOnNewStreams(store, Math.min(matches, 2_000), 8);
    const timed = async (what: AppendFloor['what'], writers: number, events: number, append: () => Promise<void>): Promise<AppendFloor> => {
      const started = performance.now();
      await append();
      return { what, writers, events, seconds: (performance.now() - started) / 1000 };
    };
    return [
      await timed('lines', 1, lines.length, () => appendLines(store, lines)),
      await timed('matches', 4, matches, () => appendOnNewStreams(store, matches, 4)),
      await timed('matches', 8, matches, () => appendOnNewStreams(store, matches, 8)),
    ];
  } finally {
    await db.destroy();
  }
}
