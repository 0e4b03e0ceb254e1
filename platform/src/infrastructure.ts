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
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_KEEPALIVE_MS: number;
  /** Set by the process kinds that serve requests (their env schema has requestDatabaseEnv): a bound on every statement. */
  DATABASE_STATEMENT_TIMEOUT_MS?: number;
  DATABASE_QUERY_TIMEOUT_MS?: number;
}

/** A database handle for work that may outlast a request's bound. */
export interface LongWork {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one handle shared by workspaces that each type it with their own tables
  db: Kysely<any>;
  eventStore: EventStore;
}

export interface Infrastructure {
  connectionString: string;
  pool: pg.Pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one handle shared by workspaces that each type it with their own tables
  db: Kysely<any>;
  eventStore: EventStore;
  /**
   * Where a process that serves requests runs what may outlast their statement bound (a rebuild's
   * reset and replay): a small pool of its own without it. Absent, or the same as `db`, elsewhere.
   */
  longWork?: LongWork;
  close(): Promise<void>;
}

/** Connections the long-work pool of a request-serving process may open: migrations, then a rebuild at a time (a replay takes two; rebuilds take turns, projections-control.ts). */
const LONG_WORK_POOL_SIZE = 2;

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
  // Every kind: a bounded wait for a connection, and keepalive (decision 0061).
  const waits = { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, keepAliveMs: config.DATABASE_KEEPALIVE_MS };
  const bounded = config.DATABASE_STATEMENT_TIMEOUT_MS !== undefined;
  const pool = createPool({
    connectionString,
    max: config.DATABASE_POOL_SIZE,
    applicationName: instance,
    ...waits,
    ...(bounded ? { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, answerMs: config.DATABASE_QUERY_TIMEOUT_MS } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one handle shared by workspaces that each type it with their own tables
  const db = createKysely<any>(pool);
  // Where statements are bounded, the long ones (migrations at start, a rebuild) get a pool without the bound.
  const longPool = bounded ? createPool({ connectionString, max: LONG_WORK_POOL_SIZE, applicationName: instance, ...waits }) : pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as db
  const longDb = longPool === pool ? db : createKysely<any>(longPool);
  try {
    await migrateToLatest(longDb, migrations);
  } catch (error) {
    if (longDb !== db) await longDb.destroy();
    throw error;
  }
  const eventStore = await createEventStore(config, pool, connectionString);
  // The EventStoreDB client is not on the pool: the one store serves both.
  const longStore = longPool !== pool && config.EVENTSTORE === 'postgres' ? await createEventStore(config, longPool, connectionString) : eventStore;

  return {
    connectionString,
    pool,
    db,
    eventStore,
    longWork: { db: longDb, eventStore: longStore },
    async close() {
      await eventStore.close();
      if (longStore !== eventStore) await longStore.close();
      await db.destroy();
      if (longDb !== db) await longDb.destroy();
      await embedded?.stop();
    },
  };
}
