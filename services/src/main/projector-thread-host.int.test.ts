import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { seedEvents } from '../../../tests/support/seed-events';
import { totalApplied } from '../../../tests/support/read-model-checks';
import { waitFor } from '../../../tests/support/wait-for';
import { startProjectorThread } from './projector-thread-host';

describe("npm start's projector thread", () => {
  let database: TestDatabase;
  let store: PgEventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('projects what is appended on its own thread, and projects nothing more once stopped', async () => {
    const thread = await startProjectorThread(database.url);
    try {
      await seedEvents(store, { streams: 3, perStream: 4, perAppend: 2 });
      await waitFor('the thread to project the events', async () => (await totalApplied(database.db)) === 12, 20_000);
    } finally {
      await thread.stop();
    }
    await seedEvents(store, { streams: 1, perStream: 2, perAppend: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await totalApplied(database.db)).toBe(12);
  });

  it('fails its start when the thread cannot start', async () => {
    await expect(startProjectorThread('postgres://nobody:wrong@127.0.0.1:1/none')).rejects.toThrow();
  });
});
