import { describe } from 'vitest';
import type { PgEventStore } from './pg-event-store';
import { eventStoreContract } from '../event-store.contract';
import { eventStoreTestWith } from '../../testing/event-store-test';

const it = eventStoreTestWith({ poolSize: 24 });

describe('PostgreSQL event store: contract', () => {
  let store: PgEventStore;

  it.beforeAll(({ eventStore }) => {
    store = eventStore;
  });

  eventStoreContract(() => store);
});
