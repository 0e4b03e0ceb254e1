import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import type { Projection } from './projection';
import { rebuildProjection, rebuildProjections } from './rebuild';
import { projectionStatus, projectionStatuses, STATUS_COUNT_UP_TO } from './projection-status';
import { ProjectionRunner } from './projection-runner';
import { loadCheckpoint, resetForRebuild } from './checkpoint-store';
import { projectionLockHolder } from './projection-lock';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { eventLogProjection } from '../read-models/event-log/event-log.projection';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { seedEvents } from '../../../tests/support/seed-events';
import { actualStreamSummary, expectedStreamSummary, streamSummaryChecksum, totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';

describe('projection rebuild and status', () => {
  const lines: string[] = [];
  const write = (line: string) => lines.push(line);

  beforeEach(() => {
    lines.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('empties the read model and replays the whole log', async ({ db, store }) => {
    await seedEvents(store, { streams: 20, perStream: 30, perAppend: 10 });
    await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 50, write });
    const first = await streamSummaryChecksum(db);
    // Damage the read model: a rebuild must not build on what is there.
    await db.updateTable('rm_stream_summary').set({ event_count: 999 }).execute();

    const result = await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 50, write });
    expect(result).toMatchObject({ projection: 'stream-summary', resumed: false, eventsApplied: 600 });
    expect(await streamSummaryChecksum(db)).toEqual(first);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(lines).toContain('[stream-summary] rebuilding from the start: 600 events');
    expect(lines.at(-1)).toMatch(/^\[stream-summary\] done: 600 events in [\d.]+s/);
    expect((await loadCheckpoint(db, 'stream-summary')).rebuildStartedAt).toBeNull();
  });

  it('rebuilds several read models together in one read of the log, each reporting its own end', async ({ db, store }) => {
    await seedEvents(store, { streams: 20, perStream: 30, perAppend: 10 });
    await rebuildProjections({ db, store, projections: [streamSummaryProjection, eventLogProjection], batchSize: 50, write });
    await db.updateTable('rm_stream_summary').set({ event_count: 999 }).execute();
    await db.deleteFrom('rm_event_log').where('stream_position', '=', '0').execute();
    lines.length = 0;
    let reads = 0;
    const counting = new Proxy(store, {
      get: (target, name) => {
        const value: unknown = Reflect.get(target, name);
        if (name === 'readAll') reads += 1;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

    const results = await rebuildProjections({ db, store: counting, projections: [streamSummaryProjection, eventLogProjection], batchSize: 50, write });
    expect(results.map((r) => [r.projection, r.resumed, r.eventsApplied])).toEqual([
      ['stream-summary', false, 600],
      ['event-log', false, 600],
    ]);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(
      await db
        .selectFrom('rm_event_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: '600' });
    // Twelve batches of fifty and the empty read that finds the end: once, not once per read model.
    expect(reads).toBeLessThanOrEqual(14);
    expect(lines).toContain('[stream-summary] rebuilding from the start: 600 events');
    expect(lines).toContain('[event-log] rebuilding from the start: 600 events');
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^\[stream-summary\] done: 600 events in [\d.]+s/),
      expect.stringMatching(/^\[event-log\] done: 600 events in [\d.]+s/),
    ]);
    for (const name of ['stream-summary', 'event-log']) expect((await loadCheckpoint(db, name)).rebuildStartedAt).toBeNull();
  });

  it('resumes an interrupted rebuild from its last committed batch', async ({ db, store }) => {
    await seedEvents(store, { streams: 10, perStream: 20 });
    await resetForRebuild(db, streamSummaryProjection, 200);
    let batches = 0;
    const crashing: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        // The database ends the connection part-way (57P01, admin shutdown): transient, so the run
        // stops there instead of stepping past the events as it would for an event's own failure.
        if (++batches > 3) throw Object.assign(new Error('process died'), { code: '57P01' });
        return streamSummaryProjection.writes(read, events);
      },
    };
    const interrupted = new ProjectionRunner({ db, store, projection: crashing, batchSize: 25, pollMs: 1000, standbyRetryMs: 100 });
    await expect(interrupted.runUntilCaughtUp()).rejects.toThrow('process died');
    // Batches can come up short while other transactions hold the read horizon back; what matters
    // is that the read model holds exactly what the checkpoint says was applied.
    const partial = await loadCheckpoint(db, 'stream-summary');
    expect(partial.eventsApplied).toBeGreaterThan(0);
    expect(partial.eventsApplied).toBeLessThanOrEqual(75);
    expect(await totalApplied(db)).toBe(partial.eventsApplied);

    const result = await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 25, write });
    expect(result.resumed).toBe(true);
    expect(result.eventsApplied).toBe(200);
    expect(lines[0]).toMatch(new RegExp(`resuming the rebuild started .* at ${partial.eventsApplied} events`));
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
  });

  it('refuses a batch whose checkpoint a rebuild rewound after the batch was read: none of its writes land', async ({ db, store }) => {
    await seedEvents(store, { streams: 4, perStream: 10, perAppend: 5 });
    let batches = 0;
    const overtaken: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        const batch = await streamSummaryProjection.writes(read, events);
        // The third batch is on its way when a rebuild empties the table and rewinds the checkpoint.
        if (++batches === 3) await resetForRebuild(db, streamSummaryProjection, 40);
        return batch;
      },
    };
    const runner = new ProjectionRunner({ db, store, projection: overtaken, batchSize: 10, pollMs: 1000, standbyRetryMs: 100 });
    expect(await runner.runUntilCaughtUp()).toBe(true);

    // Had the overtaken batch landed on the emptied table, the read model would hold it without the
    // two batches before it; refused, the runner replayed from the rewound checkpoint.
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(batches).toBeGreaterThan(4);
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint).toMatchObject({ eventsApplied: 40, rebuildStartedAt: null });
  });

  it('takes a batch that failed on tables a rebuild had just emptied for a moved checkpoint, not for a bad event', async ({ db, store }) => {
    // One stream: every batch after the first continues what the ones before it stored.
    await seedEvents(store, { streams: 1, perStream: 40, perAppend: 5 });
    const logged = vi.spyOn(process.stderr, 'write');
    let batches = 0;
    let missing = 0;
    const foldsOnStored: Projection = {
      ...streamSummaryProjection,
      async writes(read, events) {
        // The third batch is read after a rebuild emptied the table, as an order's stored view can be gone.
        if (++batches === 3) await resetForRebuild(db, streamSummaryProjection, 40);
        const first = events[0]!;
        const stored = await read.selectFrom('rm_stream_summary').select('stream_id').where('stream_id', '=', first.streamId).executeTakeFirst();
        if (first.streamPosition > 0n && !stored) {
          missing += 1;
          throw new Error(`${first.streamId}: an earlier event is missing`);
        }
        return streamSummaryProjection.writes(read, events);
      },
    };
    const runner = new ProjectionRunner({ db, store, projection: foldsOnStored, batchSize: 10, pollMs: 1000, standbyRetryMs: 100, eventRetryMs: 1 });
    expect(await runner.runUntilCaughtUp()).toBe(true);

    expect(missing).toBe(1);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    expect(await loadCheckpoint(db, 'stream-summary')).toMatchObject({ eventsApplied: 40, lastError: null });
    expect(await db.selectFrom('projection_dead_letters').selectAll().execute()).toEqual([]);
    // Not taken for the events' fault: no narrowing down to the event at fault, no retries.
    const warnings = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"level":"warn"'));
    expect(warnings.filter((line) => line.includes('one at a time') || line.includes('retrying it'))).toEqual([]);
  });

  it('lets a running projector do the replay and follows its progress', async ({ db, store, projector }) => {
    await seedEvents(store, { streams: 10, perStream: 50, perAppend: 10 });
    await projector(streamSummaryProjection, { batchSize: 20 });
    await waitFor('the projector to catch up', async () => (await totalApplied(db)) === 500).catch(async (error: Error) => {
      // What the projector had reached, in the failure itself rather than on the console.
      const checkpoint = await loadCheckpoint(db, 'stream-summary');
      const state = {
        applied: await totalApplied(db),
        checkpoint,
        backlog: await store.backlog(checkpoint.position),
        lockHolder: await projectionLockHolder(db, 'stream-summary'),
      };
      throw new Error(`${error.message}: ${JSON.stringify(state, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`);
    });
    const result = await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 20, write, watchMs: 20 });
    expect(lines).toContain('[stream-summary] a running projector holds this projection; following its progress');
    expect(result.eventsApplied).toBe(500);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
  });

  it('counts every event stepped past when a running projector replays a log with nothing for the projection', async ({ db, store, projector }) => {
    // As the tenants projection replays a log of orders: every batch is stepped past, not applied.
    const handlesNothing: Projection = { ...streamSummaryProjection, handles: () => false };
    await seedEvents(store, { streams: 10, perStream: 50, perAppend: 10 });
    await projector(handlesNothing, { batchSize: 20 });
    await waitFor('the projector to step past the log', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === 500);
    const result = await rebuildProjection({ db, store, projection: handlesNothing, batchSize: 20, write, watchMs: 20 });
    expect(lines).toContain('[stream-summary] a running projector holds this projection; following its progress');
    expect(result.eventsApplied).toBe(500);
  });

  it('reports checkpoint, events behind, lag and the active instance', async ({ db, store, projector }) => {
    await seedEvents(store, { streams: 4, perStream: 5 });
    const before = await projectionStatus(db, store, streamSummaryProjection, new Date(Date.now() + 1_000));
    expect(before).toMatchObject({ name: 'stream-summary', checkpoint: null, eventsApplied: 0, eventsBehind: 20, activePid: null });
    expect(before.lagMs).toBeGreaterThanOrEqual(1_000);

    await projector(streamSummaryProjection);
    await waitFor('caught up', async () => (await totalApplied(db)) === 20);
    await waitFor('the lock', () => projectionLockHolder(db, 'stream-summary'));
    const after = await projectionStatus(db, store, streamSummaryProjection);
    expect(after).toMatchObject({ eventsApplied: 20, eventsBehind: 0, lagMs: 0, rebuilding: null, lastError: null });
    expect(after.checkpoint).toMatch(/^\d+\/\d+$/);
    expect(after.activePid).toEqual(expect.any(Number));
    expect(after.activeInstance).toBe('tests'); // the test pool's application_name
  });

  it('counts the events behind once for the projections at one checkpoint, and no further than the bound', async ({ db, store }) => {
    await seedEvents(store, { streams: 2, perStream: 3 });
    const backlog = vi.spyOn(store, 'backlog');
    try {
      const statuses = await projectionStatuses(db, store, [streamSummaryProjection, eventLogProjection]);
      expect(statuses.map(({ name, eventsBehind, moreBehind }) => ({ name, eventsBehind, moreBehind }))).toEqual([
        { name: 'stream-summary', eventsBehind: 6, moreBehind: false },
        { name: 'event-log', eventsBehind: 6, moreBehind: false },
      ]);
      expect(backlog.mock.calls).toEqual([[null, { countUpTo: STATUS_COUNT_UP_TO }]]);
    } finally {
      backlog.mockRestore();
    }
  });
});
