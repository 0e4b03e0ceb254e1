/**
 * The PostgreSQL-only guarantees of the global read (docs/event-store.md, "lost events"): a reader
 * never moves its checkpoint past a position that a still-running transaction may yet commit.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from './pg-event-store';
import { appendStatement } from './pg-append-statement';
import type { GlobalPosition, NewEvent, RecordedEvent } from '../event-store';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testEvents, uniqueStream } from '../../../../tests/support/event-factory';

describe('PostgreSQL event store: global read visibility', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  const open: pg.Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.end()));
  });
  afterAll(async () => {
    await database.drop();
  });

  /** A connection that appends inside an explicit transaction the test commits or rolls back. */
  async function openTransaction(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    open.push(client);
    await client.query('begin');
    return client;
  }

  async function appendInside(client: pg.Client, streamId: string, events: NewEvent[]): Promise<void> {
    await client.query(appendStatement(streamId, events, 'no_stream'));
  }

  /**
   * Reads like a projection: pages from a checkpoint, advancing it to the last event returned. With
   * `complete`, an empty page only ends the read once nothing committed is left after the checkpoint
   * (other test files' transactions on the same server can hold events back for a moment); without
   * it, the read returns what is visible right now.
   */
  async function drain(from: GlobalPosition | null, complete = true): Promise<{ events: RecordedEvent[]; checkpoint: GlobalPosition | null }> {
    const events: RecordedEvent[] = [];
    let checkpoint = from;
    for (;;) {
      const page = await store.readAll(checkpoint, 100);
      if (page.length === 0) {
        if (!complete || (await store.backlog(checkpoint)).count === 0) return { events, checkpoint };
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      events.push(...page);
      checkpoint = page[page.length - 1]!.globalPosition;
    }
  }

  it('does not skip events written by a slow transaction that began before a faster one', async () => {
    const { checkpoint: start } = await drain(null);
    const slow = await openTransaction();
    const slowEvents = testEvents(2);
    await appendInside(slow, uniqueStream('slow'), slowEvents);

    const fastEvents = testEvents(1);
    await store.append(uniqueStream('fast'), fastEvents, { expected: 'no_stream' });

    const whileOpen = await drain(start, false);
    expect(whileOpen.events).toEqual([]);

    await slow.query('commit');
    const afterCommit = await drain(whileOpen.checkpoint);
    expect(afterCommit.events.map((e) => e.eventId)).toEqual([...slowEvents, ...fastEvents].map((e) => e.eventId));
  });

  it('blocks visibility of new commits while an older transaction is open', async () => {
    const { checkpoint: start } = await drain(null);
    const older = await openTransaction();
    // Any write gives the transaction an id; it need not touch the event tables to hold readers back.
    await older.query('select pg_current_xact_id()');

    const events = testEvents(3);
    await store.append(uniqueStream(), events, { expected: 'no_stream' });
    expect((await drain(start, false)).events).toEqual([]);

    await older.query('commit');
    expect((await drain(start)).events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
  });

  it('reads committed events after an earlier append rolled back', async () => {
    const { checkpoint: start } = await drain(null);
    const doomed = await openTransaction();
    const rolledBack = testEvents(2);
    await appendInside(doomed, uniqueStream('doomed'), rolledBack);
    await doomed.query('rollback');

    const kept = testEvents(2);
    await store.append(uniqueStream(), kept, { expected: 'no_stream' });
    const { events } = await drain(start);
    expect(events.map((e) => e.eventId)).toEqual(kept.map((e) => e.eventId));
  });

  it('orders by transaction id as a number when ids cross a power of ten (999 -> 1000)', async () => {
    const { checkpoint: start } = await drain(null);
    const xid = (event: RecordedEvent) => BigInt(event.globalPosition.split('/')[0]!);
    const appended: string[] = [];
    // Other test files use up transaction ids too, so an attempt can overshoot the boundary; try the next one.
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = BigInt((await database.pool.query('select pg_current_xact_id()::text as x')).rows[0].x);
      const boundary = 10n ** BigInt(current.toString().length);
      // Each committed transaction uses up one id; stop a little short so the appends straddle the boundary.
      await database.pool.query(`do $$ begin
        while pg_current_xact_id()::text::bigint < ${boundary - 3n} loop commit; end loop; end $$`);
      const streams = Array.from({ length: 10 }, () => uniqueStream());
      for (const stream of streams) {
        const events = testEvents(1);
        await store.append(stream, events, { expected: 'no_stream' });
        appended.push(events[0]!.eventId);
      }
      const [first] = await store.readStream(streams[0]!);
      if (xid(first!) < boundary) break;
    }
    const { events } = await drain(start);
    const ids = events.map(xid);
    const digits = new Set(ids.map((id) => id.toString().length));
    expect(digits.size).toBeGreaterThan(1);
    expect(events.map((e) => e.eventId)).toEqual(appended);
  });
});
