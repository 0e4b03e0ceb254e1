import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { waitFor } from '../../../tests/support/wait-for';
import { listenToChannel } from './pg-listen';

describe('listenToChannel', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const listeners = async (channel: string) =>
    Number(
      (
        await database.pool.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and query = $1`, [
          `listen "${channel}"`,
        ])
      ).rows[0]!.n,
    );

  it('passes each payload on, says when the connection is lost, and calls once with none when it is back', async () => {
    const heard: (string | undefined)[] = [];
    let lost = 0;
    const stop = await listenToChannel(database.url, 'listen_test_a', (payload) => heard.push(payload), { onLost: () => lost++ });
    try {
      await database.pool.query(`select pg_notify('listen_test_a', 'one')`);
      await waitFor('the payload', async () => heard.includes('one'), 5_000);
      await database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen "listen_test_a"'`);
      await waitFor('the reconnect', async () => heard.includes(undefined), 5_000);
      expect(lost).toBe(1);
      await database.pool.query(`select pg_notify('listen_test_a', 'two')`);
      await waitFor('the payload after the reconnect', async () => heard.includes('two'), 5_000);
    } finally {
      await stop();
    }
  });

  it('calls nothing and leaves no connection when stopped at any moment of a reconnect', async () => {
    // The reconnect waits 100 ms, then connects: stopped before, during and after that.
    for (const [i, afterMs] of [0, 90, 100, 105, 110, 120, 150, 300].entries()) {
      const channel = `listen_test_b${i}`;
      let calls = 0;
      let stopped = false;
      const stop = await listenToChannel(database.url, channel, () => void (stopped && calls++));
      await database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1`, [`listen "${channel}"`]);
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      stopped = true;
      await stop();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect({ afterMs, calls, connections: await listeners(channel) }).toEqual({ afterMs, calls: 0, connections: 0 });
    }
  });

  it('gives up a connection that stops answering its heartbeat, and tells whoever listens', async () => {
    let lost = 0;
    let alive = 0;
    const stop = await listenToChannel(database.url, 'listen_test_c', () => undefined, { heartbeatMs: 100, onLost: () => lost++, onAlive: () => alive++ });
    try {
      await waitFor('heartbeats answered', async () => alive >= 3, 5_000);
      expect(lost).toBe(0);
      // The backend stops answering but keeps its socket open, as behind a network that drops
      // everything without a reset: its process is stopped (and let go again after).
      const { rows } = await database.pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where query in ('listen "listen_test_c"', 'select 1') and datname = current_database() and application_name = ''`,
      );
      expect(rows).toHaveLength(1);
      process.kill(rows[0]!.pid, 'SIGSTOP');
      try {
        await waitFor('the silent connection to be given up', async () => lost === 1, 5_000);
      } finally {
        process.kill(rows[0]!.pid, 'SIGCONT');
      }
      const answered = alive;
      await waitFor('a new connection answering', async () => alive > answered + 1, 10_000);
    } finally {
      await stop();
    }
  });
});
