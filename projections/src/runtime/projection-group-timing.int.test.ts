/**
 * The group's waits (review 14): what the others do while one projection is set aside and the log's
 * tail is held back, a notification that lands between the group's look and its wait, a wall clock
 * stepped back, a rebuild finished beside a projection standing past the log, and a reset of a
 * projection that was retrying an event. Each failed before its mend (the review's G1 to G5).
 * The bounds are wide (the stall each test guards against is seconds; the prompt answer, tens of ms).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, vi } from 'vitest';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import type { Projection } from './projection';
import { loadCheckpoint, resetForRebuild } from './checkpoint-store';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { eventLogProjection } from '../read-models/event-log/event-log.projection';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { failingOn } from '../testing/failing-projection';
import { seedEvents } from '../../../tests/support/seed-events';
import { eventLogRows, totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';
import { testEvents, uniqueStream } from '../../../tests/support/event-factory';

/** The stream summary with a bug in its SQL on every batch (42883, text = integer): set aside with its own backoff. */
const brokenSummary: Projection = {
  ...streamSummaryProjection,
  async writes(read, events) {
    const batch = await streamSummaryProjection.writes(read, events);
    return { ...batch, writes: [...batch.writes, { name: 'bug', table: 'rm_stream_summary', sql: sql`delete from rm_stream_summary where stream_id = 1` }] };
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the projection group's waits", () => {
  it('gives the others a held-back tail within its short retry while one projection is set aside, not at the end of that one’s backoff', async ({
    db,
    store,
    database,
    group,
  }) => {
    await seedEvents(store, { streams: 2, perStream: 3 });
    const runner = group([eventLogProjection, brokenSummary], { eventRetryMs: 6_000 });
    runner.start();
    await waitFor('the event log at 6', async () => (await eventLogRows(db)) === 6);
    await waitFor('the summary set aside', async () => (await loadCheckpoint(db, 'stream-summary')).lastError !== null);

    // Another session's transaction with an xid holds the log's readable tail back while an event is appended.
    const blocker = await database.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      await store.append(uniqueStream(), testEvents(1), { expected: 'no_stream' });
      runner.wake(); // the append's notification, as the projector's listener calls it
      await sleep(100);
      await blocker.query('commit');
    } finally {
      blocker.release();
    }
    const released = performance.now();
    await waitFor('the event log at 7', async () => (await eventLogRows(db)) === 7, 15_000);
    // Before: the summary's backoff (6 s here, up to 30 s for a bug left deployed).
    expect(performance.now() - released).toBeLessThan(3_000);
  });

  it('looks less often at a tail held back the longer it stays so, and takes it once the transaction ends', async ({ db, store, database, group }) => {
    await seedEvents(store, { streams: 1, perStream: 2 });
    let looks = 0;
    const counting = {
      readAll: (after: GlobalPosition | null, limit: number) => {
        looks++;
        return store.readAll(after, limit);
      },
      hasEventsAfter: (after: GlobalPosition | null) => {
        looks++;
        return store.hasEventsAfter(after);
      },
    };
    const runner = group([eventLogProjection], { store: counting });
    runner.start();
    await waitFor('the event log at 2', async () => (await eventLogRows(db)) === 2);
    const blocker = await database.pool.connect();
    try {
      // A session idle in a transaction with an xid: what is appended after it is held back while it stays open.
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      await store.append(uniqueStream(), testEvents(1), { expected: 'no_stream' });
      runner.wake();
      const before = looks;
      await sleep(3_000);
      // Before: a look every 25 ms, two statements each (about 240 in 3 s). Now 25, 50, 100 ms… up to a second apart.
      expect(looks - before).toBeLessThan(60);
      await blocker.query('commit');
    } finally {
      blocker.release();
    }
    // No notification comes with that commit (the session wrote nothing): the next look, at most a second on, takes it.
    await waitFor('the event log at 3', async () => (await eventLogRows(db)) === 3, 10_000);
  });

  it('takes a rebuild announced while it checks the log’s end at once, not at its next slow poll', async ({ db, store, group }) => {
    await seedEvents(store, { streams: 5, perStream: 10 });
    let duringCheck: (() => Promise<void>) | null = null;
    // The end-check takes 100 ms (a busy server); the reset's notification lands during one.
    const slowEnd = {
      readAll: store.readAll.bind(store),
      hasEventsAfter: async (after: GlobalPosition | null) => {
        const during = duringCheck;
        duringCheck = null;
        const answer = store.hasEventsAfter(after);
        await Promise.all([sleep(100), during?.()]);
        return answer;
      },
    };
    const runner = group([eventLogProjection, streamSummaryProjection], { store: slowEnd, pollMs: 6_000 });
    runner.start();
    await waitFor('both caught up', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === 50);
    await sleep(200);

    let announcedAt = 0;
    duringCheck = async () => {
      await resetForRebuild(db, streamSummaryProjection, 50);
      announcedAt = performance.now();
      runner.checkpointMayHaveMoved(); // the projector's LISTEN on projection_reset
    };
    // No append meanwhile: the group's next look is its slow poll, which reads, then checks the log's end.
    await waitFor('the reset', async () => announcedAt > 0, 15_000);
    await waitFor('the summary rebuilt', async () => {
      const summary = await loadCheckpoint(db, 'stream-summary');
      return summary.eventsApplied === 50 && summary.rebuildStartedAt === null;
    });
    // Before: the whole slow poll (6 s here, PROJECTION_POLL_MS in production) with the summary empty;
    // at once now (a quarter of a second on a quiet machine).
    expect(performance.now() - announcedAt).toBeLessThan(3_000);
  });

  it('keeps up when the wall clock steps back a minute under a stream of appends', async ({ db, store, group }) => {
    // Only Date is faked, timers stay real: the clock steps as NTP or a resumed VM would step it.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const runner = group([eventLogProjection, streamSummaryProjection], { gatherMs: 20, pollMs: 10_000 });
    runner.start();
    let going = true;
    let appended = 0;
    const appender = (async () => {
      while (going) {
        await store.append(uniqueStream('clock'), testEvents(1), { expected: 'no_stream' });
        appended++;
        runner.wake();
        await sleep(3);
      }
    })();
    await sleep(1_000);
    vi.setSystemTime(Date.now() - 60_000);
    await sleep(2_000);
    going = false;
    await appender;
    // Before: every read model stood still for the step (a minute).
    await waitFor('the event log at the end', async () => (await eventLogRows(db)) === appended, 20_000);
    expect(await totalApplied(db)).toBe(appended);
  });

  it('marks a rebuild finished when it reaches the log’s end while another projection stands past it (a store restored from an older backup)', async ({
    db,
    store,
    group,
  }) => {
    await seedEvents(store, { streams: 1, perStream: 5 });
    await loadCheckpoint(db, 'event-log');
    await sql`update projection_checkpoints set position = '999999999/1' where name = 'event-log'`.execute(db);
    await resetForRebuild(db, streamSummaryProjection, 5);
    expect(await group([streamSummaryProjection, eventLogProjection]).runUntilCaughtUp()).toBe(true);
    expect(await totalApplied(db)).toBe(5);
    expect(await loadCheckpoint(db, 'stream-summary')).toMatchObject({ eventsApplied: 5, rebuildStartedAt: null });
  });

  it('starts a rebuilt projection’s tries of an event it was retrying over: three tries after the reset, its first failure after it', async ({
    db,
    store,
    group,
  }) => {
    const [poisonStream] = await seedEvents(store, { streams: 3, perStream: 4 });
    const poison = (await store.readStream(poisonStream!))[2]!;
    const runner = group([eventLogProjection, failingOn(poison.eventId)], { eventRetryMs: 400 });
    runner.start();
    // Its first try fails at once, the second 400 ms later; the reset lands after the second.
    await waitFor('the summary failing', async () => (await loadCheckpoint(db, 'stream-summary')).lastError !== null);
    await sleep(600);
    const resetAt = new Date();
    await resetForRebuild(db, streamSummaryProjection, 12);
    runner.checkpointMayHaveMoved();
    const dead = await waitFor('the event quarantined', async () => (await db.selectFrom('projection_dead_letters').selectAll().execute())[0]);
    expect(dead.first_failed_at.getTime()).toBeGreaterThanOrEqual(resetAt.getTime());
    // Three tries after the reset, 400 and 800 ms apart (before: one, the old tries counted on).
    expect(dead.quarantined_at.getTime() - resetAt.getTime()).toBeGreaterThanOrEqual(1_200);
    expect(dead.attempts).toBe(3);
  });
});
