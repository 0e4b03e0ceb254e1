import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { freePort } from '../../../tests/support/free-port';
import { handleError } from '../api/error-handler';
import { storeOutageOf } from './store-outage';

/** The error a real query gets (it must fail). */
async function errorOf(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the query to fail');
}

describe("a store's passing outage, from real PostgreSQL errors", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(() => database.drop());

  it('names a refused connection, a connection cut by the server and a full disk; a bad query is not one', async () => {
    const dead = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody', database: 'nothing' });
    expect(storeOutageOf(await errorOf(() => dead.connect()))).toMatchObject({ code: 'unavailable' });

    // The server ending this connection, as a fast shutdown does to every one (57P01 admin_shutdown).
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const cut = await errorOf(() => client.query('select pg_terminate_backend(pg_backend_pid())'));
    expect((cut as { code?: string }).code).toBe('57P01');
    expect(storeOutageOf(cut)).toMatchObject({ code: 'unavailable' });
    await client.end().catch(() => undefined);

    // 53100 disk_full, as PostgreSQL raises it when a table cannot grow ("could not extend file").
    const full = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' });
    expect(storeOutageOf(full)).toMatchObject({ code: 'storage_full' });
    expect(storeOutageOf(new Error('wrapped', { cause: full }))).toMatchObject({ code: 'storage_full' });

    // ioredis while Redis is away: the short-lived store's commands (codes, sign-in limits).
    expect(storeOutageOf(new Error('Command timed out'))).toMatchObject({ code: 'unavailable' });
    expect(storeOutageOf(new Error('Reached the max retries per request limit (which is 2).'))).toMatchObject({ code: 'unavailable' });

    const wrong = await errorOf(() => database.pool.query('select * from no_such_table'));
    expect(storeOutageOf(wrong)).toBeNull();
    expect(storeOutageOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
  });

  it('is answered 503 with Retry-After in the one error shape; anything else stays a 500', async () => {
    const app = new Hono()
      .post('/cut', async () => {
        const client = new pg.Client({ connectionString: database.url });
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query('select pg_terminate_backend(pg_backend_pid())');
        } finally {
          await client.end().catch(() => undefined);
        }
        return new Response('unreachable');
      })
      .post('/bug', () => {
        throw new TypeError('a bug');
      })
      .onError(handleError);
    const cut = await app.request('/cut', { method: 'POST' });
    expect(cut.status).toBe(503);
    expect(cut.headers.get('retry-after')).toBe('5');
    expect(await cut.json()).toEqual({ error: 'The service is briefly unavailable. Please try again shortly.', code: 'unavailable' });
    const bug = await app.request('/bug', { method: 'POST' });
    expect(bug.status).toBe(500);
    expect(await bug.json()).toMatchObject({ code: 'internal_error' });
  });
});
