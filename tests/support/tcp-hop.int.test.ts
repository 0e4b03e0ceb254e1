import pg from 'pg';
import { expect, it } from 'vitest';
import { createPool } from '../../platform/src/db/pg-pool';
import { createTestDatabase } from './test-database';
import { cuttableHop } from './tcp-hop';
import { waitFor } from './wait-for';

/**
 * The hop's partition as TCP behaves across one (review 19: the first version dropped a connection
 * its client gave up on, and with it the statement already sent, which a real partition delivers).
 */
it('delivers what a client sent before giving up once the partition ends, and keeps its session till then; a connection asked for meanwhile never arrives', async () => {
  const database = await createTestDatabase({ poolSize: 2 });
  const hop = await cuttableHop(new URL(database.url).hostname, Number(new URL(database.url).port));
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(hop.port);
  const pool = createPool({ connectionString: through.href, max: 2, answerMs: 1_000, connectMs: 1_000, applicationName: 'hop-test' });
  const count = async (query: string) => (await database.pool.query<{ n: number }>(query)).rows[0]!.n;
  const sessions = () => count(`select count(*)::int as n from pg_stat_activity where application_name = 'hop-test'`);
  const locks = () =>
    count(`select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where a.application_name = 'hop-test' and l.locktype = 'advisory'`);
  try {
    await database.pool.query('create table hop_probe (n int)');
    const holder = await pool.connect();
    await holder.query('select pg_advisory_lock(42)');
    expect([await sessions(), await locks()]).toEqual([1, 1]);

    hop.partition();
    // The client's answer bound passes; pg drops the connection.
    await expect(holder.query('insert into hop_probe values (1)')).rejects.toThrow(/Query read timeout/);
    holder.release(true);
    // A connection asked for during the partition: its client gives up (the connect bound).
    await expect(new pg.Client({ connectionString: through.href, connectionTimeoutMillis: 500, application_name: 'hop-test' }).connect()).rejects.toThrow();
    // The server has heard nothing: the session and its lock are still there.
    expect([await sessions(), await locks()]).toEqual([1, 1]);

    hop.restore();
    // The insert reaches the server and runs, then the client's close ends the session (and frees the lock).
    await waitFor('the given-up insert to run', async () => (await count('select count(*)::int as n from hop_probe')) === 1);
    await waitFor('the session to end', async () => (await sessions()) === 0);
    expect(await locks()).toBe(0);
  } finally {
    await pool.end().catch(() => undefined);
    await hop.close();
    await database.drop();
  }
}, 30_000);
