import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { testMetadata } from '../../../../../tests/support/event-factory';
import * as eventStoreTable from './2026-11-21-001-event-store';
import * as hashChain from './2026-11-23-008-event-hash-chain';
import { PgEventStore } from '../pg-event-store';
import { verifyStore } from '../../chain/verify-store';

describe('the hash chain migration', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('chains the events stored before it, so the whole store verifies, and later appends chain on', async () => {
    // The events table as it was before the chain, holding events of several streams.
    await database.pool.query('drop table es_events');
    await eventStoreTable.up(database.db);
    for (let n = 0; n < 12; n++) {
      await database.pool.query(
        `insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata) values ($1, $2, gen_random_uuid(), 'Old', $3, $4)`,
        [`old-${n % 3}`, Math.floor(n / 3), JSON.stringify({ n, text: 'é' }), JSON.stringify(testMetadata())],
      );
    }
    await hashChain.up(database.db);

    const store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    await store.append('old-1', [{ eventId: crypto.randomUUID(), type: 'New', data: {}, metadata: testMetadata() }], { expected: 3n });
    expect(await verifyStore(store)).toMatchObject({ intact: true, events: 13, streams: 3 });
    await store.close();
  });
});
