import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { logger } from '../logging/logger';

/**
 * Runs every pending migration. The composition roots pass the union of the event store's, the
 * services' and the read models' migrations; names are date-prefixed so one sorted list runs in the
 * right order, and each set numbers its own after the date. A pending migration whose name sorts
 * before one already run is run too (in name order, after those): a set's migration added on a day
 * another set had already run a higher-numbered one (services' 016 after the read models' 113 on
 * 2026-11-26) was otherwise refused, and an installation made before it could not start. Within a
 * set the order still holds, since its names keep increasing. Kysely's Migrator takes a lock, so
 * several processes starting at once is safe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema (kysely's Migrator takes Kysely<any>)
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info('migration applied', { name: result.migrationName });
    if (result.status === 'Error') logger.error('migration failed', { name: result.migrationName });
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
