import type pg from 'pg';
import type { EventStore } from './event-store';
import { PgEventStore } from './postgres/pg-event-store';
import { EsdbEventStore } from './eventstoredb/esdb-event-store';

export interface EventStoreConfig {
  EVENTSTORE: 'postgres' | 'eventstoredb';
  EVENTSTORE_URL?: string | undefined;
}

/** Picks the adapter the configuration names; PostgreSQL unless EVENTSTORE=eventstoredb. */
export function createEventStore(config: EventStoreConfig, pool: pg.Pool, connectionString: string): EventStore {
  if (config.EVENTSTORE === 'eventstoredb') {
    if (!config.EVENTSTORE_URL) throw new Error('EVENTSTORE_URL is required when EVENTSTORE=eventstoredb');
    return EsdbEventStore.connect(config.EVENTSTORE_URL);
  }
  return new PgEventStore({ pool, connectionString });
}
