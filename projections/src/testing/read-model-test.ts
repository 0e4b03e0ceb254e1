import type { Kysely } from 'kysely';
import { test } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { ReadModelDatabase } from '../schema/read-model-database';

/**
 * A test with `readModels`: one fresh, fully migrated database per test file, dropped when the file
 * ends. The read-model specs (read-model-spec.ts) feed a projection's batches into it; nothing else
 * runs (no event store, no HTTP app).
 */
export const readModelTest = test.extend(
  'readModels',
  { scope: 'file' },
  // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  async ({}, { onCleanup }): Promise<Kysely<ReadModelDatabase>> => {
    const database = await createTestDatabase({ poolSize: 4 });
    onCleanup(() => database.drop());
    return database.db as Kysely<ReadModelDatabase>;
  },
);
