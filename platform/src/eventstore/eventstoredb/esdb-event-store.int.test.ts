import { afterAll, beforeAll, describe } from 'vitest';
import { EsdbEventStore } from './esdb-event-store';
import { eventStoreContract } from '../event-store.contract';
import { testEnv } from '../../../../tests/support/test.env';

const url = testEnv.EVENTSTORE_URL ?? '';

// The one suite allowed to skip: no EventStoreDB runs on a developer machine by default.
if (url === '') {
  console.warn('EventStoreDB contract skipped: set EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false) to run it');
}

describe.skipIf(url === '')('EventStoreDB event store: contract', () => {
  let store: EsdbEventStore;

  beforeAll(() => {
    store = EsdbEventStore.connect(url);
  });
  afterAll(async () => {
    await store.close();
  });

  eventStoreContract(() => store);
});
