import type { Kysely } from 'kysely';
import { test } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from '../runtime/projection';
import { ProjectionRunner, type RunnerOptions } from '../runtime/projection-runner';
import { ProjectionGroupRunner, type GroupRunnerOptions } from '../runtime/projection-group-runner';
import { startProjector, type Projector, type ProjectorOptions } from '../runtime/projector';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';

type RunnerTuning = Partial<Omit<RunnerOptions, 'db' | 'store' | 'projection'>>;
type GroupTuning = Partial<Omit<GroupRunnerOptions, 'db' | 'projections'>>;
type ProjectorTuning = Partial<Omit<ProjectorOptions, 'db' | 'connectionString' | 'store' | 'projections'>>;

/** Stops what a test started, the last first, when it ends (before its database is dropped). */
function stoppedAtTheEnd<T extends { stop(): Promise<void> }>(onCleanup: (fn: () => Promise<void>) => void) {
  const started: T[] = [];
  onCleanup(async () => {
    for (const one of started.splice(0).reverse()) await one.stop();
  });
  return (one: T) => (started.push(one), one);
}

/**
 * A test of the projection runtime (runner, projector, rebuild): a fresh, fully migrated database of
 * its own, dropped when it ends (`database`, its read models `db`), the event store on it (`store`),
 * and `runner`, `group` and `projector`, which make one with the tests' defaults (the stream summary, batches
 * of 100, a slow poll: only a wake or a notification moves it) and stop it when the test ends.
 */
export const projectionRuntimeTest = test
  // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  .extend('database', async ({}, { onCleanup }): Promise<TestDatabase> => {
    const database = await createTestDatabase();
    onCleanup(() => database.drop());
    return database;
  })
  .extend('db', ({ database }) => database.db as Kysely<ReadModelDatabase>)
  .extend('store', ({ database }) => new PgEventStore({ pool: database.pool, connectionString: database.url }))
  .extend('runner', ({ db, store }, { onCleanup }) => {
    const stopped = stoppedAtTheEnd<ProjectionRunner>(onCleanup);
    return (projection: Projection = streamSummaryProjection, tuning: RunnerTuning = {}) =>
      stopped(new ProjectionRunner({ db, store, projection, batchSize: 100, pollMs: 60_000, standbyRetryMs: 100, ...tuning }));
  })
  .extend('group', ({ db, store }, { onCleanup }) => {
    const stopped = stoppedAtTheEnd<ProjectionGroupRunner>(onCleanup);
    return (projections: readonly Projection[], tuning: GroupTuning = {}) =>
      stopped(new ProjectionGroupRunner({ db, store, projections, batchSize: 100, pollMs: 60_000, standbyRetryMs: 100, ...tuning }));
  })
  .extend('projector', ({ database, db, store }, { onCleanup }) => {
    const stopped = stoppedAtTheEnd<Projector>(onCleanup);
    return async (projection: Projection = streamSummaryProjection, tuning: ProjectorTuning = {}) =>
      stopped(
        await startProjector({
          db,
          connectionString: database.url,
          store,
          projections: [projection],
          batchSize: 100,
          pollMs: 60_000,
          standbyRetryMs: 100,
          ...tuning,
        }),
      );
  });
