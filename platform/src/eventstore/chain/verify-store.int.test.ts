import { describe, expect } from 'vitest';
import type { TestDatabase } from '../../../../tests/support/test-database';
import { testEvents, uniqueStream } from '../../../../tests/support/event-factory';
import { verifyStore, type StoreVerification, type VerifyStoreOptions } from './verify-store';
import type { PgEventStore } from '../postgres/pg-event-store';
import { verifyPgStore } from '../postgres/pg-verify-store';
import { eventStoreTestWith } from '../../testing/event-store-test';

/** One database and store for the file: each test of the chain starts from its own fresh streams. */
const it = eventStoreTestWith({ poolSize: 20 });

type Verify = (store: PgEventStore, database: TestDatabase, onProgress?: (done: number) => void, options?: VerifyStoreOptions) => Promise<StoreVerification>;

/**
 * Both paths over the same tampering (decision 0053): through the port, pages read here and hashed
 * on threads (every adapter's), and PostgreSQL's own, where the threads read their pages themselves.
 */
const paths: [string, Verify][] = [
  ['through the port', (store, _, onProgress, options) => verifyStore(store, onProgress, options)],
  [
    'with threads that read their own pages',
    (store, database, onProgress, options) => verifyPgStore({ store, pool: database.pool, connectionString: database.url }, onProgress, options),
  ],
];

/** Three streams of 4, 4 and 5 events (13 in all) in an empty log: the events the tests tamper with. */
async function freshStreams(store: PgEventStore, { pool }: TestDatabase): Promise<string[]> {
  await pool.query('truncate es_events');
  const ids = [uniqueStream(), uniqueStream(), uniqueStream()];
  for (const id of ids) await store.append(id, testEvents(4), { expected: 'no_stream' });
  await store.append(ids[0]!, testEvents(1), { expected: 'any' });
  return ids;
}

/** Tampering done the way someone with database access would: plain SQL on the events table. */
describe.each(paths)('verifying the stored chain %s', (_, verify) => {
  it('finds every chain intact after ordinary appends', async ({ eventStore: store, database }) => {
    await freshStreams(store, database);
    expect(await verify(store, database)).toMatchObject({ intact: true, events: 13, streams: 3, firstBreak: null });
  });

  it('finds an event whose data was edited', async ({ eventStore: store, database }) => {
    const [, id] = await freshStreams(store, database);
    await database.pool.query(`update es_events set data = '{"n": 99}' where stream_id = $1 and stream_position = 2`, [id]);
    const result = await verify(store, database);
    expect(result.intact).toBe(false);
    expect(result.firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: id, streamPosition: 2n });
  });

  it('finds an event whose metadata (who or from where) was edited', async ({ eventStore: store, database }) => {
    const [id] = await freshStreams(store, database);
    await database.pool.query(`update es_events set metadata = jsonb_set(metadata, '{ip}', '"10.0.0.1"') where stream_id = $1 and stream_position = 0`, [id]);
    expect((await verify(store, database)).firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: id, streamPosition: 0n });
  });

  it('finds a deleted event', async ({ eventStore: store, database }) => {
    const [, , id] = await freshStreams(store, database);
    await database.pool.query(`delete from es_events where stream_id = $1 and stream_position = 1`, [id]);
    expect((await verify(store, database)).firstBreak).toMatchObject({ reason: 'position_gap', streamId: id, streamPosition: 2n });
  });

  it('names the first break in log order when pages end mid-stream and other threads hash later pages', async ({ eventStore: store, database }) => {
    const [first, second, third] = await freshStreams(store, database);
    // Pages of 2 over 2 threads: most links cross a page, and the later breaks are hashed at the same time as the first.
    const options = { pageSize: 2, threads: 2 };
    expect(await verify(store, database, undefined, options)).toMatchObject({ intact: true, events: 13, streams: 3 });
    await database.pool.query(`update es_events set data = '{"n": 99}' where stream_id = $1 and stream_position = 4`, [first]);
    await database.pool.query(`update es_events set data = '{"n": 98}' where stream_id = $1 and stream_position = 1`, [second]);
    await database.pool.query(`delete from es_events where stream_id = $1 and stream_position = 1`, [third]);
    const progress: number[] = [];
    const result = await verify(store, database, (done) => progress.push(done), options);
    expect(result).toMatchObject({ intact: false, events: 12, streams: 3 });
    // In log order the second stream's edit comes before the third stream's gap and the first stream's last event.
    expect(result.firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: second, streamPosition: 1n });
    expect(progress).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('finds two events swapped, even with their hashes swapped along', async ({ eventStore: store, database }) => {
    const [id] = await freshStreams(store, database);
    // Each row keeps its content and hash and takes the other's place.
    for (const [from, to] of [
      [1, -1],
      [2, 1],
      [-1, 2],
    ]) {
      await database.pool.query('update es_events set stream_position = $3 where stream_id = $1 and stream_position = $2', [id, from, to]);
    }
    // In log order the moved event now comes before its new predecessor: the walk sees a gap there.
    const result = await verify(store, database);
    expect(result.intact).toBe(false);
    expect(result.firstBreak).toMatchObject({ streamId: id });
  });
});

describe('verifying with threads that read their own pages', () => {
  it('checks every page on the calling thread when given one checker, and finds the same break', async ({ eventStore: store, database }) => {
    const [first, second] = await freshStreams(store, database);
    const alone = (onProgress?: (done: number) => void) =>
      verifyPgStore({ store, pool: database.pool, connectionString: database.url }, onProgress, { pageSize: 2, threads: 1 });
    expect(await alone()).toMatchObject({ intact: true, events: 13, streams: 3 });
    await database.pool.query(`update es_events set data = '{"n": 99}' where stream_id = $1 and stream_position = 4`, [first]);
    await database.pool.query(`update es_events set metadata = '{}' where stream_id = $1 and stream_position = 2`, [second]);
    const progress: number[] = [];
    const result = await alone((done) => progress.push(done));
    expect(result).toMatchObject({ intact: false, events: 13, streams: 3 });
    expect(result.firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: second, streamPosition: 2n });
    expect(progress).toEqual([2, 4, 6, 8, 10, 12, 13]);
  });

  it('lends nothing out busy when a walk fails: the calling thread’s connection is ended, not pooled', async ({ eventStore: store, database }) => {
    await database.pool.query('truncate es_events');
    for (let n = 0; n < 20; n++) await store.append(uniqueStream(), testEvents(500), { expected: 'no_stream' });
    const pool = database.pool;
    // The walk's first connection is its own (taken before it asks where pages end).
    let own: unknown = null;
    const onAcquire = (client: unknown) => void (own ??= client);
    pool.on('acquire', onAcquire);
    let killed = false;
    const verifying = verifyPgStore(
      { store, pool, connectionString: database.url },
      (done) => {
        // The worker thread's connection goes (a restart, a failover) while reads are dealt to this thread too.
        if (done < 2_000 || killed) return;
        killed = true;
        void pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'usdt-desk verify-store'`);
      },
      { pageSize: 100, threads: 2 },
    );
    await expect(verifying).rejects.toThrow();
    pool.off('acquire', onAcquire);
    expect(own).not.toBeNull();
    const lent = await Promise.all(Array.from({ length: pool.totalCount + 1 }, () => pool.connect()));
    expect(lent).not.toContain(own);
    for (const client of lent) client.release();
  });

  it('names the session whose open transaction holds events back, and reads them once it ends', async ({ eventStore: store, database }) => {
    await database.pool.query('truncate es_events');
    const holder = await database.pool.connect();
    try {
      // A writing transaction left open (its id taken), then an event committed after it: readable only once it ends.
      await holder.query('begin');
      const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid, pg_current_xact_id()');
      const held = uniqueStream();
      await store.append(held, testEvents(2), { expected: 'no_stream' });
      const named: number[][] = [];
      const verifying = verifyPgStore({ store, pool: database.pool, connectionString: database.url }, undefined, {
        onHeldBack: (sessions) => {
          named.push(sessions.map((session) => session.pid));
          if (named.length === 1) void holder.query('rollback');
        },
      });
      const result = await verifying;
      expect(named).toEqual([[rows[0]!.pid]]);
      expect(result).toMatchObject({ intact: true, events: 2, streams: 1 });
    } finally {
      holder.release();
    }
  }, 20_000);

  it('fails, rather than calling the chain intact, when a thread cannot read its pages', async ({ eventStore: store, database }) => {
    await store.append(uniqueStream(), testEvents(3), { expected: 'no_stream' });
    const unreachable = new URL(database.url);
    unreachable.password = 'not-the-password';
    const verifying = verifyPgStore({ store, pool: database.pool, connectionString: unreachable.href }, undefined, { threads: 2 });
    await expect(verifying).rejects.toThrow(/password/);
  });
});
