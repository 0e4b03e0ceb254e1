import { afterAll, beforeAll, describe } from 'vitest';
import { PgEventStore } from './pg-event-store';
import { eventStoreContract } from '../event-store.contract';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';

describe('PostgreSQL event store: contract', () => {
  let database: TestDatabase;
  let store: PgEventStore;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 24 });
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  eventStoreContract(() => store);
});
