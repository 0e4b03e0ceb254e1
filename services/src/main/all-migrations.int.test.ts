import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '@desk/platform/db/migrate';
import { createTestDatabase } from '../../../tests/support/test-database';
import { servicesMigrations } from '../db/migrations';
import { allMigrations } from './all-migrations';

describe('migrations on an installation made by an earlier version', () => {
  it("takes a set's newest migration even when another set's sorts after it", async () => {
    // The services' newest, as an installation made before it was added lacks it (2026-11-26: the
    // services' 016 came after the read models' 113 had run, and such an installation did not start).
    const newest = Object.keys(servicesMigrations).sort().at(-1)!;
    const later = Object.keys(allMigrations).filter((name) => name > newest);
    expect(later.length).toBeGreaterThan(0);
    const earlier = Object.fromEntries(Object.entries(allMigrations).filter(([name]) => name !== newest));
    const database = await createTestDatabase({ migrations: earlier });
    try {
      await migrateToLatest(database.db, allMigrations);
      const { rows } = await database.pool.query<{ name: string }>('select name from kysely_migration order by name');
      expect(rows.map((r) => r.name)).toEqual(Object.keys(allMigrations).sort());
    } finally {
      await database.drop();
    }
  });
});
