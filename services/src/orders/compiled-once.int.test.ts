import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED } from '@desk/platform/db/kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { compiledOnce } from './compiled-once';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await database.drop();
});

describe('a statement compiled once', () => {
  it("builds its text on the first run only and runs each time with that run's values, nested in fragments too", async () => {
    let builds = 0;
    const nested = (at: Date) => sql<string>`(${at}::timestamptz at time zone 'UTC')::date::text`;
    const statement = compiledOnce<{ name: string; at: Date; n: number }, { greeting: string; day: string; twice: number }>((v) => {
      builds++;
      return sql`${PREPARED} select ${v.name}::text || '!' as greeting, ${nested(v.at)} as day, ${v.n}::int * 2 as twice`;
    });
    const first = await statement(database.db, { name: 'first', at: new Date('2026-11-27T23:59:00Z'), n: 2 });
    const second = await statement(database.db, { name: 'second', at: new Date('2026-11-28T00:01:00Z'), n: 5 });
    expect(first.rows).toEqual([{ greeting: 'first!', day: '2026-11-27', twice: 4 }]);
    expect(second.rows).toEqual([{ greeting: 'second!', day: '2026-11-28', twice: 10 }]);
    expect(builds).toBe(1);
  });

  it('refuses a run that lacks one of the values rather than send the statement a stand-in', async () => {
    const statement = compiledOnce<{ name: string }, { name: string }>((v) => sql`select ${v.name}::text as name`);
    await expect(statement(database.db, {} as { name: string })).rejects.toThrow("No value for the statement's parameter name");
  });
});
