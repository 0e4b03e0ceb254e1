import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type pg from 'pg';
import { createPool } from './db/pg-pool';
import { createKysely } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { createEventStore, type EventStoreConfig } from './eventstore/create-event-store';
import type { EventStore } from './eventstore/event-store';
import { logger } from './logging/logger';

export interface InfrastructureConfig extends EventStoreConfig {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  EMBEDDED_POSTGRES_PORT: number;
  DATABASE_POOL_SIZE: number;
}

export interface Infrastructure {
  connectionString: string;
  pool: pg.Pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one handle shared by workspaces that each type it with their own tables
  db: Kysely<any>;
  eventStore: EventStore;
  close(): Promise<void>;
}

/**
 * What every process kind needs: a PostgreSQL (the configured server, else the embedded one in
 * DATA_DIR), migrated to the latest schema (`migrations`: the composition root's whole set), and
 * the configured event store.
 */
export async function openInfrastructure(
  config: InfrastructureConfig,
  applicationName: string,
  migrations: Record<string, Migration>,
): Promise<Infrastructure> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT });
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  logger.info('database', { mode: embedded ? 'embedded' : 'DATABASE_URL', eventStore: config.EVENTSTORE });

  // Which process a connection belongs to, in pg_stat_activity and in `projections status`.
  const instance = `${applicationName} ${hostname()}:${process.pid}`.slice(0, 63);
  const pool = createPool({ connectionString, max: config.DATABASE_POOL_SIZE, applicationName: instance });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one handle shared by workspaces that each type it with their own tables
  const db = createKysely<any>(pool);
  await migrateToLatest(db, migrations);
  const eventStore = await createEventStore(config, pool, connectionString);

  return {
    connectionString,
    pool,
    db,
    eventStore,
    async close() {
      await eventStore.close();
      await db.destroy();
      await embedded?.stop();
    },
  };
}
