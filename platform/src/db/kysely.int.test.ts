import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { PREPARED } from './kysely';

describe('statements marked PREPARED', () => {
  let database: TestDatabase;
  let db: Kysely<any>;

  beforeEach(async () => {
    database = await createTestDatabase({ poolSize: 1 });
    db = database.db;
    await sql`create table scratch (id int primary key, note text)`.execute(db);
  });
  afterEach(() => database.drop());

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like '%scratch%'`.execute(db)).rows.map((r) => r.statement);

  it('are prepared once per connection and run again by name, in and out of transactions', async () => {
    const insert = (id: number, note: string) => sql`${PREPARED} insert into scratch (id, note) values (${id}, ${note})`.execute(db);
    await insert(1, 'one');
    await db.transaction().execute((trx) => sql`${PREPARED} insert into scratch (id, note) values (${2}, ${'two'})`.execute(trx));
    await insert(3, 'three');
    const read = await sql<{ note: string }>`${PREPARED} select note from scratch where id = any(${[1, 2, 3]}::int[]) order by id`.execute(db);
    expect(read.rows.map((r) => r.note)).toEqual(['one', 'two', 'three']);
    // One pooled connection: both texts prepared on it once, whatever the values.
    expect((await prepared()).sort()).toEqual([
      '/* prepared */ insert into scratch (id, note) values ($1, $2)',
      '/* prepared */ select note from scratch where id = any($1::int[]) order by id',
    ]);
  });

  it('finds the mark after the line break and indentation a template starts with', async () => {
    await sql`
      ${PREPARED} insert into scratch (id, note) values (${1}, ${'one'})`.execute(db);
    expect(await prepared()).toEqual(['\n      /* prepared */ insert into scratch (id, note) values ($1, $2)']);
  });

  it("rejects a failing statement with the database's error, its stack leading back to the caller, and goes on", async () => {
    await db.insertInto('scratch').values({ id: 1, note: 'one' }).execute();
    const error = await sql`${PREPARED} insert into scratch (id, note) values (${1}, ${'again'})`.execute(db).then(
      () => null,
      (e: unknown) => e as Error & { code?: string; constraint?: string },
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'scratch_pkey' });
    expect(error?.stack).toContain('kysely.int.test.ts');
    expect(await db.selectFrom('scratch').select('note').execute()).toEqual([{ note: 'one' }]);
  });

  it('leaves other statements unprepared', async () => {
    await sql`insert into scratch (id, note) values (${1}, ${'one'})`.execute(db);
    await db.insertInto('scratch').values({ id: 2, note: 'two' }).execute();
    expect(await db.selectFrom('scratch').select('note').orderBy('id').execute()).toEqual([{ note: 'one' }, { note: 'two' }]);
    expect(await prepared()).toEqual([]);
  });
});
