/**
 * Kill -9 in the middle of a large rebuild, and in the middle of a projector's catch-up; restart;
 * the read model must equal a fresh full replay, with every event applied exactly once. This is the
 * guarantee of applying each batch and its checkpoint in one transaction.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import { loadCheckpoint } from '../../projections/src/runtime/checkpoint-store';
import { rebuildProjection } from '../../projections/src/runtime/rebuild';
import { streamSummaryProjection } from '../../projections/src/read-models/stream-summary/stream-summary.projection';
import type { ReadModelDatabase } from '../../projections/src/schema/read-model-database';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { seedEvents } from '../support/seed-events';
import { actualStreamSummary, expectedStreamSummary, streamSummaryChecksum, totalApplied } from '../support/read-model-checks';
import { startEntryPoint, type RunningChild } from '../support/child-process';
import { waitFor } from '../support/wait-for';

const EVENTS = 60_000;
const KILL_AFTER = 12_000;

describe('projection crash recovery (SIGKILL)', () => {
  let database: TestDatabase;
  let db: Kysely<ReadModelDatabase>;
  let store: PgEventStore;
  let children: RunningChild[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<ReadModelDatabase>;
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    await seedEvents(store, { streams: 300, perStream: EVENTS / 300, perAppend: 100 });
  }, 120_000);
  afterEach(async () => {
    for (const { child, exited } of children) {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
    children = [];
    await database.drop();
  });

  const env = () => ({ DATABASE_URL: database.url, PROJECTION_BATCH_SIZE: '500' });
  const start = (entry: string, args: string[]) => {
    const running = startEntryPoint(entry, args, env());
    children.push(running);
    return running;
  };

  async function killMidway(running: RunningChild): Promise<void> {
    await waitFor('the process to be part-way through', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied >= KILL_AFTER, 60_000);
    running.child.kill('SIGKILL');
    await running.exited;
  }

  /** Right after the kill: whatever committed is exactly what the checkpoint says, and no more. */
  async function expectConsistentPartialState(): Promise<void> {
    const checkpoint = await loadCheckpoint(db, 'stream-summary');
    expect(checkpoint.eventsApplied).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(checkpoint.eventsApplied).toBeLessThan(EVENTS);
    expect(await totalApplied(db)).toBe(checkpoint.eventsApplied);
  }

  /** Equal to the events themselves, and to a fresh, uninterrupted replay of them. */
  async function expectEqualToFreshReplay(): Promise<void> {
    expect(await totalApplied(db)).toBe(EVENTS);
    expect((await loadCheckpoint(db, 'stream-summary')).eventsApplied).toBe(EVENTS);
    expect(await actualStreamSummary(db)).toBe(await expectedStreamSummary(db));
    const recovered = await streamSummaryChecksum(db);
    await rebuildProjection({ db, store, projection: streamSummaryProjection, batchSize: 5_000, restart: true, write: () => undefined });
    expect(await streamSummaryChecksum(db)).toEqual(recovered);
    expect(recovered.rows).toBe(300);
  }

  it('resumes a rebuild killed part-way and ends equal to a fresh replay', async () => {
    const cli = 'services/src/main/projections-cli.ts';
    await killMidway(start(cli, ['rebuild', 'stream-summary']));
    await expectConsistentPartialState();
    expect((await loadCheckpoint(db, 'stream-summary')).rebuildStartedAt).not.toBeNull();

    const resumed = start(cli, ['rebuild', 'stream-summary']);
    expect(await resumed.exited).toBe(0);
    expect(resumed.output()).toMatch(/resuming the rebuild started/);
    expect(resumed.output()).toMatch(/done: 60,000 events/);
    expect((await loadCheckpoint(db, 'stream-summary')).rebuildStartedAt).toBeNull();
    await expectEqualToFreshReplay();
  }, 120_000);

  it('resumes a projector killed part-way through catching up and ends equal to a fresh replay', async () => {
    const projector = 'services/src/main/start-projector.ts';
    await killMidway(start(projector, []));
    await expectConsistentPartialState();

    const restarted = start(projector, []);
    await waitFor('the restarted projector to catch up', async () => (await loadCheckpoint(db, 'stream-summary')).eventsApplied === EVENTS, 60_000);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    await expectEqualToFreshReplay();
  }, 120_000);
});
