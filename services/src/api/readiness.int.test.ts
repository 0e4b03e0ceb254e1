import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect } from 'vitest';
import { Hono } from 'hono';
import { createPool } from '@desk/platform/db/pg-pool';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { EsdbEventStore } from '@desk/platform/eventstore/eventstoredb/esdb-event-store';
import { eventStoreTestWith } from '@desk/platform/testing/event-store-test';
import { untilRedisAnswers } from '../../../tests/support/redis-server';
import { freePort } from '../../../tests/support/free-port';
import { RedisStore } from '../kv/redis-store';
import { probeRoutes } from './health.routes';
import { readinessCheck, type ReadinessDeps } from './readiness';

/** A redis-server of this test's own, so it can be stopped (the shared one must stay up). */
async function ownRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await untilRedisAnswers(url);
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

const readyz = async (deps: ReadinessDeps, timeoutMs?: number) => {
  const app = new Hono().route('/', probeRoutes({ eventStore: deps.eventStore, readiness: readinessCheck(deps, timeoutMs) }));
  const response = await app.request('/readyz');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

// One test database and the event store on it for the file; the tests that point a pool elsewhere make their own store.
const it = eventStoreTestWith({ poolSize: 4 });

describe('/readyz against real stores', () => {
  it('is ready while PostgreSQL, the event store and Redis answer, and names Redis once it is stopped', async ({ database, eventStore }) => {
    const redis = await ownRedis();
    const store = RedisStore.connect(redis.url);
    try {
      const before = await readyz({ pool: database.pool, eventStore, store });
      expect(before).toEqual({ status: 200, body: { status: 'ok', eventStore: 'postgres', stores: { database: 'up', eventstore: 'up', redis: 'up' } } });

      await redis.stop();
      const started = Date.now();
      const after = await readyz({ pool: database.pool, eventStore, store });
      expect(after.status).toBe(503);
      expect(after.body).toMatchObject({ code: 'unavailable', stores: { database: 'up', eventstore: 'up' } });
      expect(['down', 'timeout']).toContain((after.body.stores as Record<string, string>).redis);
      expect(after.body.error).toMatch(/redis/);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('names the database and the event store when the pool points at a port where nothing listens', async ({ database }) => {
    const deadPort = await freePort();
    const url = new URL(database.url);
    url.port = String(deadPort);
    const pool = createPool({ connectionString: url.toString(), max: 2, applicationName: 'readiness-test' });
    const deadStore = new PgEventStore({ pool, connectionString: url.toString() });
    try {
      const answer = await readyz({ pool, eventStore: deadStore });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'unavailable', stores: { database: 'down', eventstore: 'down' }, draining: false });
      expect(answer.body.error).toMatch(/database \(unreachable\), eventstore \(unreachable\)/);
    } finally {
      await pool.end();
    }
  });

  it('names EventStoreDB when it is configured and does not answer, the database still up', async ({ database }) => {
    const esdb = EsdbEventStore.connect(`esdb://127.0.0.1:${await freePort()}?tls=false`);
    try {
      const started = Date.now();
      const answer = await readyz({ pool: database.pool, eventStore: esdb });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ eventStore: 'eventstoredb', stores: { database: 'up' } });
      expect(['down', 'timeout']).toContain((answer.body.stores as Record<string, string>).eventstore);
      expect(answer.body.error).toMatch(/eventstore/);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await esdb.close();
    }
  });

  it('answers 503 quickly, not never, when PostgreSQL accepts the connection and then says nothing', async ({ database }) => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const url = new URL(database.url);
    url.port = String(port);
    const pool = createPool({ connectionString: url.toString(), max: 2, applicationName: 'readiness-test' });
    try {
      const started = Date.now();
      const answer = await readyz({ pool, eventStore: new PgEventStore({ pool, connectionString: url.toString() }) }, 500);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ stores: { database: 'timeout', eventstore: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await pool.end().catch(() => undefined);
    }
  });
});
