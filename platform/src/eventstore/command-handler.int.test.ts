import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testMetadata, uniqueStream } from '../../../tests/support/event-factory';
import { PgEventStore } from './postgres/pg-event-store';
import { CommandHandler, type Evolver } from './command-handler';
import { WrongExpectedVersionError } from './event-store.errors';

/** A counter that refuses to go below zero: small enough to see every step of the handler. */
type CounterEvent = { type: 'Added'; data: { by: number } };
const counter: Evolver<number, CounterEvent> = {
  initial: () => 0,
  evolve: (total, event) => {
    const next = total + event.data.by;
    if (next < 0) throw new Error('below zero');
    return next;
  },
};
const add = (by: number) => (): CounterEvent[] => [{ type: 'Added', data: { by } }];

describe('command handler', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let handler: CommandHandler;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 12 });
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    handler = new CommandHandler(store);
  });
  afterAll(() => database.drop());

  it('folds, decides, appends at the revision decided against and returns the state after', async () => {
    const stream = uniqueStream();
    expect(await handler.handle(counter, stream, add(2), testMetadata())).toMatchObject({ state: 2, revision: 0n });
    const second = await handler.handle(counter, stream, (total) => [{ type: 'Added', data: { by: total } }], testMetadata());
    expect(second).toMatchObject({ state: 4, revision: 1n, events: [{ type: 'Added', data: { by: 2 } }] });
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ by: 2 }, { by: 2 }]);
  });

  it('records nothing when the decision is no events, and nothing the state refuses', async () => {
    const stream = uniqueStream();
    await handler.handle(counter, stream, add(1), testMetadata());
    expect(await handler.handle(counter, stream, () => [], testMetadata())).toMatchObject({ state: 1, events: [] });
    await expect(handler.handle(counter, stream, add(-5), testMetadata())).rejects.toThrow('below zero');
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('decides again after losing a race, so concurrent commands all count exactly once', async () => {
    const stream = uniqueStream();
    await Promise.all(Array.from({ length: 3 }, () => handler.handle(counter, stream, add(1), testMetadata())));
    expect((await handler.load(counter, stream)).state).toBe(3);
  });

  it('decides at a pinned revision only, and never again once the stream has moved', async () => {
    const stream = uniqueStream();
    await expect(handler.handle(counter, stream, add(1), testMetadata(), { atRevision: 0n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await handler.handle(counter, stream, add(1), testMetadata(), { atRevision: null })).toMatchObject({ state: 1, revision: 0n });
    await handler.handle(counter, stream, add(1), testMetadata());
    await expect(handler.handle(counter, stream, add(5), testMetadata(), { atRevision: 0n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    // Two at the same revision: one wins, the other is refused rather than decided again.
    const both = await Promise.allSettled([1, 2].map(() => handler.handle(counter, stream, add(10), testMetadata(), { atRevision: 1n })));
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await handler.load(counter, stream)).state).toBe(12);
  });

  it('stamps metadata decided from the state', async () => {
    const stream = uniqueStream();
    await handler.handle(counter, stream, add(1), (total) => testMetadata({ tenantId: `tenant-${total}` }));
    expect((await store.readStream(stream))[0]!.metadata.tenantId).toBe('tenant-0');
  });
});
