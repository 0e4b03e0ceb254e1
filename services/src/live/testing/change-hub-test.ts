import { test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { MemoryStore } from '../../kv/memory-store';
import { ChangeHub } from '../change-hub';
import { StreamSlots } from '../stream-slots';

/**
 * A test with `database` (a fresh test database, a pool of 2) and `hub` (a change hub on it that
 * listens to nothing: the test runs the pump itself once its rows are in), one per file as the
 * files built them in `beforeAll` (decision 0052); the hub closes, then the database drops, when
 * the file ends.
 */
export const changeHubTest = test
  .extend(
    'database',
    { scope: 'file' },
    // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, { onCleanup }): Promise<TestDatabase> => {
      const database = await createTestDatabase({ poolSize: 2 });
      onCleanup(() => database.drop());
      return database;
    },
  )
  .extend('hub', { scope: 'file' }, async ({ database }, { onCleanup }): Promise<ChangeHub> => {
    const hub = new ChangeHub({ db: database.db, listen: async () => async () => undefined, slots: new StreamSlots(new MemoryStore()) });
    onCleanup(() => hub.close());
    return hub;
  });
