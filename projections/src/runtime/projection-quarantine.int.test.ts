import type { Kysely } from 'kysely';
import { afterEach, describe, expect, vi } from 'vitest';
import type { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { loadCheckpoint, resetForRebuild } from './checkpoint-store';
import { projectionStatus } from './projection-status';
import { rebuildProjection } from './rebuild';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { seedEvents } from '../../../tests/support/seed-events';
import { actualStreamSummary, expectedStreamSummary, totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';
import { testEvent, uniqueStream } from '../../../tests/support/event-factory';

/** Longer than a dead-letter row keeps, to see it cut. */
const LONG_REASON = `cannot apply this event: ${'x'.repeat(2_100)}`;
/** A failing event retried after 1 ms, doubled each time: the tests wait for no backoff. */
const QUICK_RETRY = { eventRetryMs: 1 };

describe('projection quarantine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** 6 events, then one poison event on a stream of its own, then 6 more. */
  async function seedAroundPoison(store: PgEventStore): Promise<RecordedEvent> {
    await seedEvents(store, { streams: 2, perStream: 3 });
    const poisonStream = uniqueStream('poison');
    await store.append(poisonStream, [testEvent('PoisonTestEvent', { bad: true })], { expected: 'no_stream' });
    await seedEvents(store, { streams: 2, perStream: 3 });
    return (await store.readStream(poisonStream))[0]!;
  }

  /** The stream summary, except that it always fails on one event (and writes nothing for it). */
  function failingOn(poison: RecordedEvent): Projection {
    return {
      ...streamSummaryProjection,
      async writes(read, events) {
        if (events.some((e) => e.eventId === poison.eventId)) throw new Error(LONG_REASON);
        return streamSummaryProjection.writes(read, events);
      },
    };
  }

  const deadLetters = (db: Kysely<ReadModelDatabase>) => db.selectFrom('projection_dead_letters').selectAll().orderBy('quarantined_at').execute();

  it('steps past an event that keeps failing: the events after it apply, one dead letter records it, status shows it', async ({ db, store, runner }) => {
    const logged = vi.spyOn(process.stderr, 'write');
    const poison = await seedAroundPoison(store);
    let poisonTries = 0;
    const projection = failingOn(poison);
    const counting: Projection = {
      ...projection,
      writes: (read, events) => {
        if (events.length === 1 && events[0]!.eventId === poison.eventId) poisonTries += 1;
        return projection.writes(read, events);
      },
    };
    runner(counting, QUICK_RETRY).start();
    await waitFor('the events after the poison one', async () => (await totalApplied(db)) === 12);

    const [row, ...others] = await deadLetters(db);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      projection: 'stream-summary',
      position: poison.globalPosition,
      event_id: poison.eventId,
      stream_id: poison.streamId,
      stream_position: '0',
      event_type: 'PoisonTestEvent',
      attempts: 3,
    });
    expect(row!.error).toBe(LONG_REASON.slice(0, 2_000));
    expect(row!.first_failed_at.getTime()).toBeLessThanOrEqual(row!.quarantined_at.getTime());
    // Tried on its own three times (the default), never more.
    expect(poisonTries).toBe(3);
    expect(await db.selectFrom('rm_stream_summary').select('stream_id').where('stream_id', '=', poison.streamId).executeTakeFirst()).toBeUndefined();

    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint.eventsApplied).toBe(12);
    expect((await store.backlog(checkpoint.position)).count).toBe(0);
    const status = await projectionStatus(db, store, streamSummaryProjection);
    expect(status).toMatchObject({ eventsApplied: 12, eventsBehind: 0, lastError: null, quarantined: 1 });
    expect(status.quarantine).toEqual([
      {
        position: poison.globalPosition,
        eventId: poison.eventId,
        streamId: poison.streamId,
        streamPosition: 0,
        type: 'PoisonTestEvent',
        error: LONG_REASON.slice(0, 2_000),
        attempts: 3,
        firstFailedAt: row!.first_failed_at.toISOString(),
        quarantinedAt: row!.quarantined_at.toISOString(),
      },
    ]);
    const errorLines = logged.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes('"level":"error"') && line.includes('"msg":"projection event quarantined"'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain(poison.eventId);
  });

  it('leaves an event it is still retrying unquarantined when stopped, for the next run', async ({ db, store, runner }) => {
    const poison = await seedAroundPoison(store);
    const first = runner(failingOn(poison), { eventRetryMs: 60_000 });
    first.start();
    // The first failure alone is kept on the checkpoint while the runner waits to retry it.
    await waitFor('the poison event failing on its own', async () => (await loadCheckpoint(db, 'stream-summary')).lastError);
    await first.stop();
    expect(await deadLetters(db)).toEqual([]);
    // The six events before it were applied one at a time; the checkpoint waits just before it.
    expect(await totalApplied(db)).toBe(6);
    expect((await store.backlog((await loadCheckpoint(db, 'stream-summary')).position)).count).toBe(7);

    // Fixed (say, a new release): the next run applies it like any other.
    expect(await runner(streamSummaryProjection, QUICK_RETRY).runUntilCaughtUp()).toBe(true);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(await deadLetters(db)).toEqual([]);
  });

  it('rebuild forgets the dead letters and tries those events again: quarantined again while they fail, applied once fixed', async ({ db, store, runner }) => {
    const poison = await seedAroundPoison(store);
    await runner(failingOn(poison), QUICK_RETRY).runUntilCaughtUp();
    const [before] = await deadLetters(db);
    expect(before?.event_id).toBe(poison.eventId);

    // The reset clears them with the tables and the checkpoint.
    await resetForRebuild(db, streamSummaryProjection, 13);
    expect(await deadLetters(db)).toEqual([]);
    expect((await projectionStatus(db, store, streamSummaryProjection)).quarantined).toBe(0);

    // Still failing: the replay quarantines it again, and only it.
    expect(await runner(failingOn(poison), QUICK_RETRY).runUntilCaughtUp()).toBe(true);
    const again = await deadLetters(db);
    expect(again.map((r) => r.event_id)).toEqual([poison.eventId]);
    expect(again[0]!.quarantined_at.getTime()).toBeGreaterThan(before!.quarantined_at.getTime());
    expect(await totalApplied(db)).toBe(12);

    // Fixed: a rebuild applies it, and nothing is quarantined any more.
    const result = await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 100, write: () => undefined });
    expect(result.eventsApplied).toBe(13);
    expect(await deadLetters(db)).toEqual([]);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(await projectionStatus(db, store, streamSummaryProjection)).toMatchObject({ quarantined: 0, quarantine: [] });
  });
});
