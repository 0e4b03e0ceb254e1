import pg from 'pg';
import { sql } from 'kysely';
import { test, expect } from 'vitest';
import { parseEnv } from '@desk/platform/config/env-schema';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { findProjections } from '@desk/projections/read-models/index';
import { PROJECTION_LOCK_CLASS } from '@desk/projections/runtime/projection-lock';
import { createTestDatabase } from '../../../tests/support/test-database';
import { seedEvents } from '../../../tests/support/seed-events';
import { allMigrations } from './all-migrations';
import { apiEnvSchema, apiRequirements } from './api-env-schema';
import { projectionsControl } from './projections-control';

/**
 * Review 17, F4: two rebuilds asked for at once in the API's process (as `start:api` opens it, its
 * long-work pool of two connections) while no projector holds them. Each replay keeps one connection
 * for its locks and batches and reads the log on another.
 */
test('two rebuilds asked for at once in one process both finish, each projection whole', async () => {
  const database = await createTestDatabase({ poolSize: 4 });
  // The connect bound shortened (it also bounds the wait for a free slot): before, the pair failed after it.
  const env = parseEnv(apiEnvSchema, { DATABASE_URL: database.url, DATABASE_CONNECT_TIMEOUT_MS: '1000' }, apiRequirements);
  const infra = await openInfrastructure(env, 'usdt-desk-api', allMigrations);
  try {
    await seedEvents(infra.eventStore, { streams: 200, perStream: 100 });
    const other = findProjections().find((projection) => projection.name !== 'event-log')!.name;
    const control = projectionsControl(infra, { add: async () => undefined } as never, 500);
    const results = await Promise.allSettled([control.rebuildNow('event-log'), control.rebuildNow(other)]);
    // Before: "timeout exceeded when trying to connect" for one or both, rm_event_log left part-filled.
    expect(results.map((result) => (result.status === 'fulfilled' ? 'done' : (result.reason as Error).message))).toEqual(['done', 'done']);
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(infra.db)).rows[0]!.n;
    expect(await count('rm_event_log')).toBe(await count('es_events'));
  } finally {
    await infra.close();
    await database.drop();
  }
}, 120_000);

test('a rebuild that follows a projector holds no other rebuild back (review 18)', async () => {
  const database = await createTestDatabase({ poolSize: 4 });
  const env = parseEnv(apiEnvSchema, { DATABASE_URL: database.url }, apiRequirements);
  const infra = await openInfrastructure(env, 'usdt-desk-api', allMigrations);
  // A projector that holds event-log's lock and makes no progress (retrying a failing batch, paused).
  const projector = new pg.Client({ connectionString: database.url });
  await projector.connect();
  try {
    await seedEvents(infra.eventStore, { streams: 20, perStream: 10 });
    await projector.query(`select pg_advisory_lock($1, hashtext('event-log'))`, [PROJECTION_LOCK_CLASS]);
    const other = findProjections().find((projection) => projection.name !== 'event-log')!.name;
    const control = projectionsControl(infra, { add: async () => undefined } as never, 500);
    const following = control.rebuildNow('event-log');
    following.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Before: not started after 15 s, waiting for its turn behind the one following.
    const outcome = await Promise.race([
      control.rebuildNow(other).then(() => 'done'),
      new Promise<string>((resolve) => setTimeout(() => resolve('not started in 10 s'), 10_000)),
    ]);
    expect(outcome).toBe('done');
  } finally {
    await projector.end();
    await infra.close().catch(() => undefined);
    await database.drop();
  }
}, 60_000);
