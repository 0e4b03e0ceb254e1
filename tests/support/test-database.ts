import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { inject } from 'vitest';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { withDatabase } from '../../platform/src/db/embedded-postgres';
import { allMigrations } from './all-migrations';
import { templateDatabase, withAdmin } from './template-database';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  db: Kysely<any>;
  drop(): Promise<void>;
}

/**
 * A fresh, fully migrated database for one test file (or migrated with `migrations` only), so global
 * reads see only that file's events and files can run in parallel.
 */
export async function createTestDatabase(options: { poolSize?: number; migrations?: Record<string, Migration> } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  // Every migration: a copy of the run's migrated template. Some only: migrated here.
  const template = options.migrations ? null : await templateDatabase(adminUrl, inject('runDir'), migrateAll);
  await withAdmin(adminUrl, (admin) => admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  const url = withDatabase(adminUrl, name);
  const pool = createPool({ connectionString: url, max: options.poolSize ?? 20, applicationName: 'tests' });
  const db = createKysely<any>(pool);
  if (options.migrations) await migrateToLatest(db, options.migrations);
  return {
    name,
    url,
    pool,
    db,
    async drop() {
      await db.destroy();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function migrateAll(url: string): Promise<void> {
  const db = createKysely<any>(createPool({ connectionString: url, max: 2, applicationName: 'tests' }));
  try {
    await migrateToLatest(db, allMigrations);
  } finally {
    await db.destroy();
  }
}
