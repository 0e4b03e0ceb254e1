/**
 * A failure inside PostgreSQL, once, without killing a process (review 16's way): a trigger that
 * raises the first time (or the `nth` time) it fires, counted by a sequence, as a dropped connection
 * or a database away would make the statement or the COMMIT fail. A request that meets it answers
 * 500; its key is released keeping its request id, so the client's retry runs again under the same
 * `idempotencyId` at once, as a takeover after a death at that point would. Each returns a function
 * that drops what it made (the database is the test file's, shared by its tests).
 */
type Sql = (text: string, values?: unknown[]) => Promise<unknown>;

let made = 0;

/** The transaction that writes to `table` fails at its COMMIT (a deferred constraint trigger), once. */
export async function failCommitOnce(sql: Sql, table: string, on: 'insert' | 'update'): Promise<() => Promise<void>> {
  const name = `fail_commit_${table}_${++made}`;
  await sql(`create sequence ${name}`);
  await sql(`create function ${name}() returns trigger language plpgsql as $$
    begin
      if nextval('${name}') = 1 then raise exception 'test: the commit did not happen'; end if;
      return null;
    end $$`);
  await sql(`create constraint trigger ${name} after ${on} on ${table} deferrable initially deferred for each row execute function ${name}()`);
  return () => dropAll(sql, name, table);
}

/**
 * The `nth` row (counted from now) that `on` writes or deletes on `table` and that `when` (a condition
 * on `new`, or on `old` for a delete) holds for is refused, once.
 */
export async function failRowOnce(
  sql: Sql,
  table: string,
  on: 'insert' | 'delete',
  options: { when?: string; nth?: number } = {},
): Promise<() => Promise<void>> {
  const name = `fail_row_${table}_${++made}`;
  const row = on === 'delete' ? 'old' : 'new';
  await sql(`create sequence ${name}`);
  await sql(`create function ${name}() returns trigger language plpgsql as $$
    begin
      if ${options.when ?? 'true'} then
        if nextval('${name}') = ${options.nth ?? 1} then raise exception 'test: the database went away'; end if;
      end if;
      return ${row};
    end $$`);
  await sql(`create trigger ${name} before ${on} on ${table} for each row execute function ${name}()`);
  return () => dropAll(sql, name, table);
}

async function dropAll(sql: Sql, name: string, table: string): Promise<void> {
  await sql(`drop trigger ${name} on ${table}`);
  await sql(`drop function ${name}()`);
  await sql(`drop sequence ${name}`);
}

/** `send` while the failure `made` is in place, dropped after it either way: what `send` answered (the request that met it). */
export async function whileFailing<T>(made: Promise<() => Promise<void>>, send: () => Promise<T>): Promise<T> {
  const drop = await made;
  try {
    return await send();
  } finally {
    await drop();
  }
}
