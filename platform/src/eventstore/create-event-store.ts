import type pg from 'pg';
import type { EventStore } from './event-store';
import { PgEventStore } from './postgres/pg-event-store';

export interface EventStoreConfig {
  EVENTSTORE: 'postgres' | 'eventstoredb';
  EVENTSTORE_URL?: string | undefined;
}

/**
 * Picks the adapter the configuration names; PostgreSQL unless EVENTSTORE=eventstoredb. The
 * EventStoreDB client (gRPC) is only loaded when it is used.
 */
export async function createEventStore(config: EventStoreConfig, pool: pg.Pool, connectionString: string): Promise<EventStore> {
  if (config.EVENTSTORE === 'eventstoredb') {
    if (!config.EVENTSTORE_URL) throw new Error('EVENTSTORE_URL is required when EVENTSTORE=eventstoredb');
    const { EsdbEventStore } = await import('./eventstoredb/esdb-event-store');
    return EsdbEventStore.connect(config.EVENTSTORE_URL);
  }
  return new PgEventStore({ pool, connectionString });
}
