import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const PREPARED_MARK = '/* prepared */';

/**
 * Put first in a `sql` template whose text never varies (its values travel as parameters): the
 * statement is parsed and planned once per connection, then only bound and run. A projection's
 * batch statements cost the server about twice as much when parsed and planned every time (measured:
 * docs/performance.md). Name the columns it returns: a prepared `select *` fails once a migration
 * adds a column under a running process.
 */
export const PREPARED = sql.raw(PREPARED_MARK);

/** One name per text (a text that did vary would only prepare one statement per variant). */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `k_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A query through pg's callback, answered by a promise of our own. pg's own promise form (a query
 * without a callback) left every result alive across the young generation's next collection: in a
 * loop of 50-row reads a third of all allocation survived each scavenge and 3 MB a scavenge reached
 * the old generation, with 4–7 ms pauses, where the callback form let none survive and paused under
 * a millisecond (docs/performance.md, "The admin list's tail"). A failure's stack still leads back to
 * the caller: Kysely extends it with its own.
 */
function callbackQuery(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(config, (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result)));
  });
}

/** The pool as Kysely sees it, its clients sending marked statements as named (prepared) ones. */
function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection objects by client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: unknown, parameters?: readonly unknown[]): unknown => {
      // A cursor (Kysely's stream) is pg's own submittable: handed over as it is.
      if (typeof text !== 'string') return client.query(text as pg.Submittable);
      const values = parameters as unknown[];
      // The mark may follow the template's first line break and indentation.
      const config: pg.QueryConfig = text.trimStart().startsWith(PREPARED_MARK) ? { name: statementName(text), text, values } : { text, values };
      return callbackQuery(client, config);
    };
    return {
      query: query as PostgresPoolClient['query'],
      // Kysely 0.29 asks pg to destroy a client whose rollback failed rather than pool it again.
      release: (destroy?: boolean) => client.release(destroy),
      // pg's undocumented backend pid, which Kysely uses to cancel an aborted query.
      get processID() {
        return (client as pg.PoolClient & { processID?: number }).processID;
      },
    };
  };
  return {
    // What Kysely's cancellation connects with: pg's own client class and the pool's settings.
    Client: (pool as pg.Pool & { Client?: PostgresPool['Client'] }).Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Kysely over an existing pool, so the event store and read models share connections. */
export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}
