import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import { describe, expect } from 'vitest';
import { NO_WRITES, type Projection } from './projection';
import { loadCheckpoint, resetForRebuild } from './checkpoint-store';
import { projectionLockHolder, tryLockProjection, unlockProjection } from './projection-lock';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { eventLogProjection } from '../read-models/event-log/event-log.projection';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { failingOn } from '../testing/failing-projection';
import { seedEvents } from '../../../tests/support/seed-events';
import { actualStreamSummary, eventLogRows, expectedStreamSummary, totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';
import { testEvents, uniqueStream } from '../../../tests/support/event-factory';

const both = [streamSummaryProjection, eventLogProjection];

describe('projection group runner', () => {
  it("writes every projection's part of a batch in one transaction, each moving its own checkpoint", async ({ db, store, group }) => {
    await seedEvents(store, { streams: 6, perStream: 10, perAppend: 5 });
    expect(await group(both, { batchSize: 25 }).runUntilCaughtUp()).toBe(true);

    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(await eventLogRows(db)).toBe(60);
    const summary = await loadCheckpoint(db, 'stream-summary');
    const log = await loadCheckpoint(db, 'event-log');
    expect([summary.eventsApplied, log.eventsApplied]).toEqual([60, 60]);
    expect(log.position).toBe(summary.position);
    expect((await store.backlog(summary.position)).count).toBe(0);
    // One statement moved both rows last: the same transaction id on each.
    const { rows } = await sql<{ name: string; xmin: string }>`select name, xmin::text from projection_checkpoints order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(['event-log', 'stream-summary']);
    expect(rows[0]!.xmin).toBe(rows[1]!.xmin);
  });

  it('quarantines an event only for the projection that fails on it; the others apply it', async ({ db, store, group }) => {
    const [poisonStream] = await seedEvents(store, { streams: 3, perStream: 4 });
    const poison = (await store.readStream(poisonStream!))[2]!;
    const failing = failingOn(poison.eventId);
    expect(await group([failing, eventLogProjection], { batchSize: 5, eventRetryMs: 1 }).runUntilCaughtUp()).toBe(true);

    expect(await totalApplied(db)).toBe(11);
    expect(await eventLogRows(db)).toBe(12);
    expect((await loadCheckpoint(db, 'stream-summary')).eventsApplied).toBe(11);
    expect((await loadCheckpoint(db, 'event-log')).eventsApplied).toBe(12);
    const deadLetters = await db.selectFrom('projection_dead_letters').select(['projection', 'event_id']).execute();
    expect(deadLetters).toEqual([{ projection: 'stream-summary', event_id: poison.eventId }]);
  });

  it('is not caught up while a projection set aside when the batch began has yet to try its event again', async ({ db, store, group }) => {
    const [poisonStream] = await seedEvents(store, { streams: 3, perStream: 4 });
    const poison = (await store.readStream(poisonStream!))[2]!;
    // The failing projection's wait (30 ms) ends while the other's check of the log's end (100 ms) runs:
    // the run must go back for it, not answer caught up with it short of its failing event.
    const slowEnd = {
      readAll: store.readAll.bind(store),
      hasEventsAfter: (after: Parameters<typeof store.hasEventsAfter>[0]) => sleep(100).then(() => store.hasEventsAfter(after)),
    };
    const runner = group([eventLogProjection, failingOn(poison.eventId)], { store: slowEnd, batchSize: 20, eventRetryMs: 30 });
    expect(await runner.runUntilCaughtUp()).toBe(true);

    expect(await totalApplied(db)).toBe(11);
    expect((await loadCheckpoint(db, 'stream-summary')).eventsApplied).toBe(11);
    expect(await db.selectFrom('projection_dead_letters').select('event_id').execute()).toEqual([{ event_id: poison.eventId }]);
  });

  it('keeps the other projections live while one is rebuilt, then runs them together again', async ({ db, store, group }) => {
    await seedEvents(store, { streams: 10, perStream: 10 });
    expect(await group(both, { batchSize: 10 }).runUntilCaughtUp()).toBe(true);
    const logEnd = (await loadCheckpoint(db, 'event-log')).position;
    await resetForRebuild(db, streamSummaryProjection, 100);
    const fresh = uniqueStream();
    const [appended] = await Promise.all([store.append(fresh, testEvents(1), { expected: 'no_stream' })]);

    // What the group asked the log and what it wrote, in order.
    const steps: { read?: GlobalPosition | null; name?: string; position?: GlobalPosition | null }[] = [];
    const recording = {
      readAll: (after: GlobalPosition | null, limit: number) => (steps.push({ read: after }), store.readAll(after, limit)),
      hasEventsAfter: store.hasEventsAfter.bind(store),
    };
    const runner = group(both, {
      store: recording,
      batchSize: 5,
      onBatch: (checkpoint) => steps.push({ name: checkpoint.name, position: checkpoint.position }),
    });
    expect(await runner.runUntilCaughtUp()).toBe(true);

    // While the rebuilt summary was still catching up, the group read the log's tail for the event log
    // (not only with the catch-up's last batch). Asked, not necessarily answered: another file's open
    // transaction on the server can hold the tail back a moment, so the rows are checked at the end.
    const tailAsked = steps.findIndex((step) => 'read' in step && step.read === logEnd);
    const summaryReachedLogEnd = steps.findIndex((step) => step.name === 'stream-summary' && step.position === logEnd);
    expect(steps.filter((step) => step.name === 'stream-summary').length).toBeGreaterThan(10);
    expect(tailAsked).toBeGreaterThan(-1);
    expect(tailAsked).toBeLessThan(summaryReachedLogEnd);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(await eventLogRows(db)).toBe(101);
    const summary = await loadCheckpoint(db, 'stream-summary');
    expect(summary).toMatchObject({ eventsApplied: 101, rebuildStartedAt: null, position: appended!.lastPosition });
    expect((await loadCheckpoint(db, 'event-log')).position).toBe(appended!.lastPosition);
  });

  it('finds a checkpoint a rebuild moved under its running batches, and rebuilds that projection alone', async ({ db, store, group }) => {
    const running = group(both, { batchSize: 20 });
    running.start();
    await seedEvents(store, { streams: 5, perStream: 8 });
    running.wake();
    await waitFor('both caught up', async () => (await totalApplied(db)) === 40 && (await eventLogRows(db)) === 40);
    await resetForRebuild(db, streamSummaryProjection, 40);
    // Not told of the reset (no notification in this test): its next batch's statement finds it.
    await seedEvents(store, { streams: 2, perStream: 5 });
    running.wake();
    await waitFor('the summary rebuilt and both current', async () => (await eventLogRows(db)) === 50 && (await totalApplied(db)) === 50);
    await waitFor('the rebuild marked done', async () => (await loadCheckpoint(db, 'stream-summary')).rebuildStartedAt === null);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect((await loadCheckpoint(db, 'stream-summary')).eventsApplied).toBe(50);
    expect((await loadCheckpoint(db, 'event-log')).eventsApplied).toBe(50);
  });

  it("holds every projection's lock while it runs, or stands by while another holds any of them", async ({ db, database, store, group }) => {
    await seedEvents(store, { streams: 2, perStream: 3 });
    const other = await database.pool.connect();
    try {
      await other.query(`select pg_advisory_lock(727001, hashtext('event-log'))`);
      expect(await group(both).runUntilCaughtUp()).toBe(false);
      expect(await totalApplied(db)).toBe(0);
      expect(await projectionLockHolder(db, 'stream-summary')).toBeNull();
      await other.query(`select pg_advisory_unlock(727001, hashtext('event-log'))`);
    } finally {
      other.release();
    }
    const running = group(both);
    running.start();
    await waitFor(
      'both locks held',
      async () => (await projectionLockHolder(db, 'stream-summary')) !== null && (await projectionLockHolder(db, 'event-log')) !== null,
    );
    await db.connection().execute(async (conn) => {
      expect(await tryLockProjection(conn, 'stream-summary')).toBe(false);
      expect(await tryLockProjection(conn, 'event-log')).toBe(false);
    });
    running.wake();
    await waitFor('the events applied', async () => (await totalApplied(db)) === 6);
    await running.stop();
    await db.connection().execute(async (conn) => {
      expect(await tryLockProjection(conn, 'event-log')).toBe(true);
      await unlockProjection(conn, 'event-log');
    });
  });

  it('steps past batches none of its projections handles without a statement, and stores the checkpoints within a second', async ({ db, store, group }) => {
    let batches = 0;
    const picky = (name: string): Projection => ({
      name,
      tables: [],
      handles: () => false,
      async writes() {
        batches += 1;
        return NO_WRITES;
      },
    });
    const running = group([picky('stream-summary'), picky('event-log')], { batchSize: 10 });
    running.start();
    await seedEvents(store, { streams: 3, perStream: 10, perAppend: 5 });
    running.wake();
    await waitFor(
      'the skipped steps stored',
      async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === 30 && (await loadCheckpoint(db, 'event-log')).eventsApplied === 30,
      5_000,
    );
    expect(batches).toBe(0);
    const { rows } = await sql<{ xmin: string }>`select distinct xmin::text from projection_checkpoints`.execute(db);
    expect(rows).toHaveLength(1);
  });

  it("sets a projection aside when its SQL fails for a reason that is not the events' (a type mismatch: 42883), and runs the others", async ({
    db,
    store,
    group,
  }) => {
    await seedEvents(store, { streams: 3, perStream: 4 });
    const typo: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        const batch = await streamSummaryProjection.writes(read, events);
        // operator does not exist: text = integer (SQLSTATE 42883), which waits for the schema rather than quarantine.
        return { writes: [...batch.writes, { name: 'typo', table: 'rm_stream_summary', sql: sql`delete from rm_stream_summary where stream_id = 1` }] };
      },
    };
    const running = group([typo, eventLogProjection], { batchSize: 5, eventRetryMs: 50 });
    running.start();
    running.wake();
    await waitFor('the event log applied without the failing summary', async () => (await eventLogRows(db)) === 12, 5_000);
    // The error is the summary's alone; it quarantines nothing and has applied nothing.
    await waitFor('the error kept on the summary', async () => (await loadCheckpoint(db, 'stream-summary')).lastError?.includes('operator does not exist'));
    expect((await loadCheckpoint(db, 'event-log')).lastError).toBeNull();
    expect(await totalApplied(db)).toBe(0);
    expect(await db.selectFrom('projection_dead_letters').selectAll().execute()).toEqual([]);
  });

  it('keeps the others running while one projection fails on every event, and quarantines those for it alone', async ({ db, store, group }) => {
    await seedEvents(store, { streams: 3, perStream: 10 });
    const broken: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        const batch = await streamSummaryProjection.writes(read, events);
        return { writes: [...batch.writes, { name: 'boom', table: 'rm_stream_summary', sql: sql`insert into rm_stream_summary (stream_id) values (null)` }] };
      },
    };
    // Each event of the broken one is tried three times, 10 s apart: the event log must not wait for that.
    const running = group([eventLogProjection, broken], { batchSize: 10, eventRetryMs: 10_000 });
    running.start();
    running.wake();
    await waitFor('the event log caught up', async () => (await eventLogRows(db)) === 30, 5_000);
    expect(await db.selectFrom('projection_dead_letters').selectAll().execute()).toEqual([]);
    expect((await loadCheckpoint(db, 'stream-summary')).eventsApplied).toBe(0);
  });

  it('quarantines for the failing projection after its tries, each a wait apart, and ends with both caught up', async ({ db, store, group }) => {
    const [poisonStream] = await seedEvents(store, { streams: 2, perStream: 3 });
    const poison = (await store.readStream(poisonStream!))[1]!;
    expect(await group([eventLogProjection, failingOn(poison.eventId)], { batchSize: 50, eventRetryMs: 20 }).runUntilCaughtUp()).toBe(true);
    expect(await eventLogRows(db)).toBe(6);
    expect(await totalApplied(db)).toBe(5);
    const deadLetters = await db.selectFrom('projection_dead_letters').select(['projection', 'event_id', 'attempts']).execute();
    expect(deadLetters).toEqual([{ projection: 'stream-summary', event_id: poison.eventId, attempts: 3 }]);
  });

  it('returns caught up when one projection stands past the readable log (a store restored from an older backup)', async ({ db, store, group }) => {
    await seedEvents(store, { streams: 1, perStream: 5 });
    await loadCheckpoint(db, 'event-log');
    await sql`update projection_checkpoints set position = '999999999/1' where name = 'event-log'`.execute(db);
    const outcome = await Promise.race([group(both).runUntilCaughtUp(), new Promise((resolve) => setTimeout(resolve, 5_000, 'still polling'))]);
    expect(outcome).toBe(true);
    expect(await totalApplied(db)).toBe(5);
  });

  it('does not mark a rebuild finished when a reset lands after it was found caught up; the new rebuild runs', async ({ db, store, group }) => {
    await seedEvents(store, { streams: 2, perStream: 5 });
    await resetForRebuild(db, streamSummaryProjection, 10);
    let resetAgain = false;
    const racing = {
      readAll: store.readAll.bind(store),
      async hasEventsAfter(after: Parameters<typeof store.hasEventsAfter>[0]) {
        const found = await store.hasEventsAfter(after);
        if (!found && !resetAgain) {
          // `rebuild stream-summary --restart` just as the first rebuild finishes.
          resetAgain = true;
          await resetForRebuild(db, streamSummaryProjection, 10);
        }
        return found;
      },
    };
    expect(await group([streamSummaryProjection], { store: racing }).runUntilCaughtUp()).toBe(true);
    expect(resetAgain).toBe(true);
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint).toMatchObject({ eventsApplied: 10, rebuildStartedAt: null });
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
  });

  it('refuses a group that names one projection twice', ({ group }) => {
    expect(() => group([streamSummaryProjection, streamSummaryProjection])).toThrow(
      'A projection group names a projection twice: stream-summary, stream-summary',
    );
  });
});
