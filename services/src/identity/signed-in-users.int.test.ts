import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenToChannel } from '@desk/platform/db/pg-listen';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { waitFor } from '../../../tests/support/wait-for';
import { SignedInUsers, USERS_CHANGED_CHANNEL } from './signed-in-users';
import { findUserById, insertUser, type UserRow } from './users.repository';

describe('signed-in users: rows kept until the database announces their change', () => {
  let database: TestDatabase;
  let user: UserRow;
  const open: SignedInUsers[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    user = (await insertUser(database.db, { tenantId: 'default', username: 'Asha', phone: '+919811100001', passwordHash: 'x', roles: [] }))!;
  });
  afterEach(async () => {
    for (const users of open.splice(0)) await users.close();
  });
  afterAll(() => database.drop());

  /**
   * A cache over the test database that counts its reads; `gate` holds a read until released. While
   * `holdReconnect` is set, the call that says the connection is back is held (and made on release),
   * so a test sees the cache with its connection down for as long as it needs.
   */
  const cache = (options: { gate?: () => Promise<void>; url?: string; heartbeatMs?: number; silenceMs?: number } = {}) => {
    const counted = { reads: 0, losses: 0, holdReconnect: false, releaseReconnect: () => undefined as void };
    const users = new SignedInUsers(
      async (id) => {
        counted.reads++;
        const row = await findUserById(database.db, id);
        await options.gate?.();
        return row;
      },
      (listener, events) =>
        listenToChannel(
          options.url ?? database.url,
          USERS_CHANGED_CHANNEL,
          (payload) => {
            if (payload !== undefined || !counted.holdReconnect) return listener(payload);
            counted.releaseReconnect = () => listener();
          },
          { ...events, onLost: () => (counted.losses++, events.onLost()) },
        ),
      { heartbeatMs: options.heartbeatMs, silenceMs: options.silenceMs },
    );
    open.push(users);
    return Object.assign(counted, { users });
  };
  /** Listening starts with the first request: one is made, then the connection awaited. */
  const listening = async (users: SignedInUsers) => {
    await users.get(user.id);
    await waitFor('the cache to listen', async () => users.serving, 5_000);
  };
  /** The listening connection's backend, found by what it ran last. */
  const listenerPids = async () =>
    (
      await database.pool.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and query = $1`, [
        `listen "${USERS_CHANGED_CHANNEL}"`,
      ])
    ).rows.map((r) => r.pid);
  const setUsername = (username: string) => database.pool.query('update users set username = $2 where id = $1', [user.id, username]);

  it('reads every row until it listens, then serves a row it read from memory', async () => {
    const c = cache();
    expect((await c.users.get(user.id))?.phone).toBe('+919811100001');
    await listening(c.users);
    await c.users.get(user.id);
    const reads = c.reads;
    for (let i = 0; i < 5; i++) expect((await c.users.get(user.id))?.id).toBe(user.id);
    expect(c.reads).toBe(reads);
    // No row is not kept: an account made later is found.
    expect(await c.users.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(c.reads).toBe(reads + 1);
  });

  it('drops a row when another connection changes it, and reads the change', async () => {
    const c = cache();
    await listening(c.users);
    await c.users.get(user.id);
    await setUsername('Asha K');
    await waitFor('the change to be read', async () => (await c.users.get(user.id))?.username === 'Asha K', 5_000);
    // Kept again after the change.
    const reads = c.reads;
    await c.users.get(user.id);
    expect(c.reads).toBe(reads);
  });

  it('reads again at once after this process changes a row (forget)', async () => {
    const c = cache();
    await listening(c.users);
    await c.users.get(user.id);
    const reads = c.reads;
    c.users.forget(user.id);
    await c.users.get(user.id);
    expect(c.reads).toBe(reads + 1);
  });

  it('does not keep a row read while its change was announced', async () => {
    let release: () => void = () => undefined;
    let holding = false;
    const c = cache({ gate: () => (holding ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()) });
    await listening(c.users);
    c.users.forget(user.id);
    const before = c.reads;
    holding = true;
    const inFlight = c.users.get(user.id);
    await waitFor('the read to be held', async () => c.reads === before + 1, 5_000);
    await setUsername('Asha R');
    // The announcement reaches the cache while the read that began before it is still held.
    await new Promise((resolve) => setTimeout(resolve, 200));
    holding = false;
    release();
    await inFlight;
    const reads = c.reads;
    expect((await c.users.get(user.id))?.username).toBe('Asha R');
    expect(c.reads).toBe(reads + 1);
  });

  it('forgets every row on TRUNCATE', async () => {
    const scratch = await createTestDatabase();
    try {
      const someone = (await insertUser(scratch.db, { tenantId: 'default', username: null, phone: '+919811100002', passwordHash: 'x', roles: [] }))!;
      const users = new SignedInUsers(
        (id) => findUserById(scratch.db, id),
        (listener, events) => listenToChannel(scratch.url, USERS_CHANGED_CHANNEL, listener, events),
      );
      open.push(users);
      await users.get(someone.id);
      await listening(users);
      expect(await users.get(someone.id)).toBeDefined();
      await scratch.pool.query('truncate users cascade');
      await waitFor('the truncated row to be gone', async () => (await users.get(someone.id)) === undefined, 5_000);
    } finally {
      for (const users of open.splice(0)) await users.close();
      await scratch.drop();
    }
  });

  it('reads every row while its LISTEN connection is down, and serves from memory once it is back', async () => {
    const c = cache();
    await listening(c.users);
    await c.users.get(user.id);
    const [pid] = await waitFor(
      'one LISTEN connection',
      async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids;
      },
      5_000,
    );
    c.holdReconnect = true;
    await database.pool.query('select pg_terminate_backend($1)', [pid]);
    await waitFor('the loss to be noticed', async () => c.losses === 1, 5_000);
    expect(c.users.serving).toBe(false);
    // A change made while nobody listens is read, since nothing is served from memory meanwhile.
    await c.users.get(user.id);
    await setUsername('Asha M');
    const reads = c.reads;
    expect((await c.users.get(user.id))?.username).toBe('Asha M');
    expect(c.reads).toBe(reads + 1);
    // Connected again (the loss was heard), and now told so: serving again.
    await waitFor('the reconnect', async () => (await listenerPids()).length === 1, 5_000);
    c.holdReconnect = false;
    c.releaseReconnect();
    await listening(c.users);
    await c.users.get(user.id);
    const after = c.reads;
    await c.users.get(user.id);
    expect(c.reads).toBe(after);
  });

  it('stops serving from memory when its connection falls silent, and reads the change made meanwhile', async () => {
    // A proxy in front of the database that can drop everything without a word, as a NAT's idle timeout does.
    const target = new URL(database.url);
    let silent = false;
    const sockets: net.Socket[] = [];
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port), target.hostname);
      sockets.push(client, server);
      client.on('data', (data) => void (silent || server.write(data)));
      server.on('data', (data) => void (silent || client.write(data)));
      client.on('error', () => undefined);
      server.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(database.url);
      url.hostname = '127.0.0.1';
      url.port = String((proxy.address() as net.AddressInfo).port);
      const c = cache({ url: url.toString(), heartbeatMs: 100, silenceMs: 300 });
      await listening(c.users);
      await c.users.get(user.id);
      const reads = c.reads;
      await c.users.get(user.id);
      expect(c.reads).toBe(reads);
      silent = true;
      await setUsername('Asha S');
      await waitFor('the silence to be noticed', async () => !c.users.serving, 5_000);
      expect((await c.users.get(user.id))?.username).toBe('Asha S');
      // The heartbeat gives the connection up: lost, then another one is opened (through the proxy, silent still).
      await waitFor('the silent connection to be given up', async () => c.losses >= 1, 5_000);
      silent = false;
      await waitFor('serving again on a new connection', async () => c.users.serving, 10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      proxy.close();
    }
  });

  it('reads every row while it cannot listen, and tries again no sooner than retryMs', async () => {
    let attempts = 0;
    const users = new SignedInUsers(
      (id) => findUserById(database.db, id),
      async () => {
        attempts++;
        throw new Error('too many connections');
      },
      { retryMs: 300 },
    );
    open.push(users);
    for (let i = 0; i < 5; i++) expect((await users.get(user.id))?.id).toBe(user.id);
    await waitFor('the failed attempt', async () => !users.serving && attempts === 1, 5_000);
    for (let i = 0; i < 5; i++) await users.get(user.id);
    expect(attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await users.get(user.id);
    expect(attempts).toBe(2);
  });

  it('holds no connection once closed', async () => {
    const c = cache();
    await c.users.get(user.id);
    await listening(c.users);
    await waitFor('one LISTEN connection', async () => (await listenerPids()).length === 1, 5_000);
    await c.users.close();
    await waitFor('the connection to close', async () => (await listenerPids()).length === 0, 5_000);
    expect(c.users.serving).toBe(false);
  });
});
