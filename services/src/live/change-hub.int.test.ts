/**
 * The per-user stream limit across API processes: two hubs (two processes) over one database and
 * one Redis, as production runs them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { startTestRedis, type TestRedis } from '../../../tests/support/redis-server';
import { waitFor } from '../../../tests/support/wait-for';
import { RedisStore } from '../kv/redis-store';
import { ChangeHub, type Viewer } from './change-hub';
import { StreamSlots } from './stream-slots';

describe('live streams: at most five per user across processes', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  const stores: RedisStore[] = [];
  const hubs: ChangeHub[] = [];

  /** One API process: its own hub and its own connection to the shared Redis. */
  const process = (renewMs = 50) => {
    const store = RedisStore.connect(redis.url);
    stores.push(store);
    const hub = new ChangeHub({ db: database.db, listen: async () => async () => undefined, slots: new StreamSlots(store), renewMs });
    hubs.push(hub);
    return hub;
  };
  const viewer = (userId: string): Viewer => ({ userId, admin: null, compliance: null });
  /** Opens a stream; `closed` turns true when the hub ends it. */
  const open = async (hub: ChangeHub, userId: string) => {
    const stream = { closed: false, unsubscribe: () => undefined as void };
    stream.unsubscribe = await hub.subscribe(
      viewer(userId),
      null,
      async () => undefined,
      () => (stream.closed = true),
    );
    // Distinct opening times, so "oldest" is well defined.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return stream;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
    redis = await startTestRedis();
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    for (const store of stores) await store.close();
    await redis.stop();
    await database.drop();
  });

  it("a sixth stream on another process closes the user's oldest there; a stream ended frees its slot", async () => {
    const [a, b] = [process(), process()];
    const user = randomUUID();
    const onA = [await open(a, user), await open(a, user), await open(a, user)];
    const onB = [await open(b, user), await open(b, user)];
    expect([...onA, ...onB].some((s) => s.closed)).toBe(false);

    const sixth = await open(b, user);
    await waitFor('the oldest stream to close', async () => onA[0]!.closed || null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...onA, ...onB, sixth].map((s) => s.closed)).toEqual([true, false, false, false, false, false]);

    // One ends on B: the next on A takes its slot and closes nobody.
    onB[0]!.unsubscribe();
    const seventh = await open(a, user);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...onA, ...onB, sixth, seventh].map((s) => s.closed)).toEqual([true, false, false, false, false, false, false]);
    expect(a.size + b.size).toBe(5);
  });

  it('a stream opened once the hub closed (the process drains) ends at once and keeps no slot', async () => {
    const a = process(60_000);
    const user = randomUUID();
    await open(a, user);
    await a.close();
    const late = await open(a, user);
    expect(late.closed).toBe(true);
    expect(a.size).toBe(0);
    // Its slot was never kept: five streams on another process open without closing any.
    const b = process(60_000);
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await open(b, user));
    expect(others.some((s) => s.closed)).toBe(false);
  });

  it('on one process the oldest closes at once; other users are not touched', async () => {
    // No renewal within the test: what closes, closes on taking the slot.
    const a = process(60_000);
    const [user, other] = [randomUUID(), randomUUID()];
    const theirs = await open(a, other);
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await open(a, user));
    const sixth = await open(a, user);
    expect(mine[0]!.closed).toBe(true);
    expect([...mine.slice(1), sixth, theirs].some((s) => s.closed)).toBe(false);
  });
});
