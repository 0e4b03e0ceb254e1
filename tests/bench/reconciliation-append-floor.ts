/**
 * The floor of what matching must write, in the same run: one PaymentMatched-shaped event appended
 * to each of as many order streams as the statement has matches, through the event store port,
 * by as many writers as the matcher weighs lanes at once and by eight, and nothing else (no claim,
 * no order read and folded, no rule). Each match is an event on its own order's stream (decision
 * 0032), so no matcher can record its matches faster than the store appends them one per stream.
 * On a database of its own on the same server, so the product's log and projections never see them.
 */
import { randomUUID } from 'node:crypto';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { allMigrations } from '../../services/src/main/all-migrations';
import type { BenchDatabase } from './bench-database';

export interface AppendFloor {
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

export async function measureAppendFloor(database: BenchDatabase, events: number, writerCounts: readonly number[]): Promise<AppendFloor[]> {
  const url = await database.sibling('append_floor');
  const pool = createPool({ connectionString: url, max: 20, applicationName: 'bench' });
  const db = createKysely<any>(pool);
  try {
    await migrateToLatest(db, allMigrations);
    const store = new PgEventStore({ pool, connectionString: url });
    const floors: AppendFloor[] = [];
    // Warmed up first: a new database's first appends and this code's first calls are not the floor.
    await appendOnNewStreams(store, Math.min(events, 2_000), 8);
    for (const writers of writerCounts) {
      const started = performance.now();
      await appendOnNewStreams(store, events, writers);
      floors.push({ writers, events, seconds: (performance.now() - started) / 1000 });
    }
    return floors;
  } finally {
    await db.destroy();
  }
}
