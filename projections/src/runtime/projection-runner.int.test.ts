import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import { NO_WRITES, type Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { loadCheckpoint } from './checkpoint-store';
import { projectionLockHolder } from './projection-lock';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { failingOn } from '../testing/failing-projection';
import { seedEvents } from '../../../tests/support/seed-events';
import { actualStreamSummary, expectedStreamSummary, totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';
import { testEvents, uniqueStream } from '../../../tests/support/event-factory';

describe('projection runner', () => {
  it('applies every event once and records the checkpoint with the batch', async ({ db, store, runner }) => {
    await seedEvents(store, { streams: 12, perStream: 25, perAppend: 5 });
    expect(await runner().runUntilCaughtUp()).toBe(true);

    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint.eventsApplied).toBe(300);
    expect((await store.backlog(checkpoint.position)).count).toBe(0);
  });

  it('never half-applies a failing batch: rolls it back, applies its events one at a time and quarantines the one at fault', async ({ db, store, runner }) => {
    const [poisonStream] = await seedEvents(store, { streams: 3, perStream: 4 });
    const poison = (await store.readStream(poisonStream!))[2]!;
    const failing = failingOn(poison.eventId);
    expect(await runner(failing, { batchSize: 5, eventRetryMs: 1 }).runUntilCaughtUp()).toBe(true);

    // Every other event counted exactly once (not again for the rolled-back batch), the poison one never.
    expect(await totalApplied(db)).toBe(11);
    const row = await db
      .selectFrom('rm_stream_summary')
      .select(['event_count', 'last_stream_position'])
      .where('stream_id', '=', poisonStream!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ event_count: '3', last_stream_position: '3' });
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint.eventsApplied).toBe(11);
    expect((await store.backlog(checkpoint.position)).count).toBe(0);
    const deadLetters = await db.selectFrom('projection_dead_letters').select(['event_id', 'error']).execute();
    expect(deadLetters).toEqual([{ event_id: poison.eventId, error: expect.stringContaining('null value in column "stream_id"') }]);
  });

  it('runs one active instance; a standby takes over when the active one stops', async ({ db, store, runner }) => {
    let appliedBySecond = 0;
    const first = runner();
    const second = runner(streamSummaryProjection, { onBatch: () => appliedBySecond++ });
    first.start();
    await waitFor('an active instance', () => projectionLockHolder(db, 'stream-summary'));
    second.start();

    await seedEvents(store, { streams: 5, perStream: 10 });
    first.wake();
    second.wake();
    await waitFor('the first events applied', async () => (await totalApplied(db)) === 50);
    // The standby held back while the active instance worked.
    expect(appliedBySecond).toBe(0);

    await first.stop();
    await seedEvents(store, { streams: 5, perStream: 10 });
    second.wake();
    await waitFor('the standby to apply the rest', async () => (await totalApplied(db)) === 100);
    // Both instances share one pool, so the lock's backend pid may be the same connection: count
    // the batches the standby committed instead. The test's query can see the commit before the
    // runner's own continuation reports it, so wait for the report rather than read it at once.
    await waitFor('the standby to report its batches', async () => appliedBySecond > 0);
    expect(await projectionLockHolder(db, 'stream-summary')).not.toBeNull();
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
  });

  it('wakes on append notifications rather than waiting for the slow poll', async ({ db, store, projector }) => {
    await projector(streamSummaryProjection, { pollMs: 600_000 });
    await waitFor('the projector to take its lock', () => projectionLockHolder(db, 'stream-summary'));
    const id = uniqueStream();
    await store.append(id, testEvents(3), { expected: 'no_stream' });
    // With a ten-minute poll, only the notification can deliver this within the wait.
    await waitFor('the notified projection', async () => {
      const row = await db.selectFrom('rm_stream_summary').select('event_count').where('stream_id', '=', id).executeTakeFirst();
      return row?.event_count === '3';
    });
  });

  it('stops at once when the stop lands between its last look at the log and its idle wait', async ({ db, store }) => {
    let stopping: Promise<void> | null = null;
    // The stop arrives while the runner asks whether anything is left, just before its ten-minute idle wait.
    const hasEventsAfter = async (after: GlobalPosition | null) => {
      const answer = await store.hasEventsAfter(after);
      stopping ??= runner.stop();
      return answer;
    };
    const racing = new Proxy(store, {
      get: (target, name) => {
        if (name === 'hasEventsAfter') return hasEventsAfter;
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const runner = new ProjectionRunner({ db, store: racing, projection: streamSummaryProjection, batchSize: 100, pollMs: 600_000, standbyRetryMs: 100 });
    runner.start();
    await waitFor('the stop to be asked for', async () => stopping !== null);
    const outcome = await Promise.race([stopping!.then(() => 'stopped'), new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting'))]);
    expect(outcome).toBe('stopped');
  });

  it('retries a transient failure for as long as it lasts and never quarantines for it', async ({ db, store, runner }) => {
    // More failures than an event is tried on its own (were they counted against the event, it would be
    // quarantined), and they last until the test has seen them on the checkpoint: no race with the backoff.
    let failures = 0;
    let lasting = true;
    const flaky: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        if (lasting || failures < 3) {
          failures += 1;
          throw Object.assign(new Error('server closed the connection unexpectedly'), { code: '08006' });
        }
        return streamSummaryProjection.writes(read, events);
      },
    };
    await seedEvents(store, { streams: 2, perStream: 3 });
    runner(flaky, { eventAttempts: 2, eventRetryMs: 1 }).start();
    // Kept on the checkpoint for `status` while it lasts.
    const lastError = await waitFor('the failure kept on the checkpoint', async () => (await loadCheckpoint(db, 'stream-summary')).lastError);
    expect(lastError).toBe('server closed the connection unexpectedly');
    lasting = false;
    // The backoff doubles with each failure (up to 30 s): allow for a slow machine.
    await waitFor('the retried batch', async () => (await totalApplied(db)) === 6, 40_000);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    const { rows } = await sql<{ last_error: string | null }>`select last_error from projection_checkpoints where name = 'stream-summary'`.execute(db);
    expect(rows[0]?.last_error).toBeNull();
    expect(await db.selectFrom('projection_dead_letters').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('steps past batches of nothing it handles without applying them, and stores the checkpoint within a second', async ({ db, store, runner }) => {
    const applied: string[] = [];
    let batches = 0;
    const watched = uniqueStream('watched');
    const picky: Projection = {
      name: 'stream-summary',
      tables: [],
      handles: (event) => event.streamId === watched,
      async writes(_read, events) {
        batches += 1;
        applied.push(...events.filter((e) => e.streamId === watched).map((e) => e.eventId));
        return NO_WRITES;
      },
    };
    const running = runner(picky, { batchSize: 10, pollMs: 60_000 });
    running.start();
    await seedEvents(store, { streams: 4, perStream: 10, perAppend: 5 });
    // As the projector does on the append notification: a pass that found the log empty between two
    // appends would otherwise wait for the slow poll.
    running.wake();
    // Told nothing to do, the runner keeps its checkpoint in memory, and stores it once it idles a second.
    await waitFor('the skipped steps stored', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === 40, 5_000);
    const skipped = await loadCheckpoint(db, 'stream-summary');
    expect((await store.backlog(skipped.position)).count).toBe(0);
    expect(batches).toBe(0);

    const mine = testEvents(2);
    await store.append(watched, mine, { expected: 'no_stream' });
    await seedEvents(store, { streams: 1, perStream: 3 });
    running.wake(); // as the projector does on the append notification
    await waitFor('the watched events applied', async () => applied.length === 2, 5_000);
    expect(applied).toEqual(mine.map((e) => e.eventId));
    await waitFor('every step stored', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === 45, 5_000);
    expect((await store.backlog((await loadCheckpoint(db, 'stream-summary')).position)).count).toBe(0);
  });

  it('stores the skipped steps before it reports a rebuild caught up', async ({ db, store, runner }) => {
    const picky: Projection = { name: 'stream-summary', tables: [], handles: () => false, writes: async () => NO_WRITES };
    await seedEvents(store, { streams: 2, perStream: 5 });
    expect(await runner(picky).runUntilCaughtUp()).toBe(true);
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint.eventsApplied).toBe(10);
    expect((await store.backlog(checkpoint.position)).count).toBe(0);
  });
});
