import { sql } from 'kysely';
import { test, expect } from 'vitest';
import { createPool } from '@desk/platform/db/pg-pool';
import { createKysely } from '@desk/platform/db/kysely';
import { createTestDatabase } from '../../../tests/support/test-database';
import { lockWaitMs, settingsLock } from './settings-lock';

const SETTINGS_LOCK_KEY = 7_240_113_030;

test('the wait ends before the statement bound, whatever bound the start accepts', () => {
  expect(lockWaitMs(0)).toBe(4_000); // no bound (the CLIs, the worker)
  expect(lockWaitMs(5_000)).toBe(4_000); // the API's default
  expect(lockWaitMs(3_000)).toBe(2_000);
  expect(lockWaitMs(1_500)).toBe(750);
  expect(lockWaitMs(100)).toBe(50); // the least the start accepts
});

test('a busy lock answers 409 settings_busy, not an outage, under statement bounds of 4 s and less (review 17, F5)', async () => {
  const database = await createTestDatabase({ poolSize: 2 });
  const holder = await database.pool.connect();
  try {
    // Another process's change holds the lock for longer than any wait below.
    await holder.query(`select pg_advisory_lock(${SETTINGS_LOCK_KEY}::bigint)`);
    for (const statementMs of [3_000, 1_500]) {
      const pool = createPool({ connectionString: database.url, max: 2, statementMs, answerMs: statementMs + 2_000 });
      const db = createKysely<any>(pool);
      try {
        const refused = await settingsLock(db)(async () => sql`select 1`.execute(db)).then(
          () => null,
          (error: unknown) => error,
        );
        // Before: the server cancelled the 4 s wait as a statement (57014), which the API answers 503.
        expect(refused, `statement bound ${statementMs} ms`).toMatchObject({ code: 'settings_busy', status: 409 });
      } finally {
        await db.destroy();
      }
    }
  } finally {
    await holder.query(`select pg_advisory_unlock(${SETTINGS_LOCK_KEY}::bigint)`);
    holder.release();
    await database.drop();
  }
}, 60_000);
