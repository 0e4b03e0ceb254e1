import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';

/** Kysely over an existing pool, so the event store and read models share connections. */
export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
