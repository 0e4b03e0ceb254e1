import { test } from 'vitest';
import { PgEventStore } from '../eventstore/postgres/pg-event-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';

/**
 * A test with `database` (a fresh, fully migrated test database with a pool of `poolSize`) and
 * `eventStore` (the PostgreSQL event store on it): one per file, as the files built them in
 * `beforeAll`; the store is closed, then the database dropped, when the file ends.
 */
export function eventStoreTestWith({ poolSize }: { poolSize: number }) {
  return test
    .extend(
      'database',
      { scope: 'file' },
      // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, { onCleanup }): Promise<TestDatabase> => {
        const database = await createTestDatabase({ poolSize });
        onCleanup(() => database.drop());
        return database;
      },
    )
    .extend('eventStore', { scope: 'file' }, async ({ database }, { onCleanup }): Promise<PgEventStore> => {
      const store = new PgEventStore({ pool: database.pool, connectionString: database.url });
      onCleanup(() => store.close());
      return store;
    });
}
