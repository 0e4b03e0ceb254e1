/**
 * The chain half of the EventStore contract: every event an adapter records carries the hash that
 * chains it to the event before it in its stream, whichever way it was appended, and the hashes
 * recomputed from the events as read back agree.
 */
import { expect, it } from 'vitest';
import type { EventStore } from './event-store';
import { chainHash, contentHash } from './chain/event-hash';
import { ChainWalker } from './chain/verify-chain';
import { testEvent, testEvents, uniqueStream } from '../../../tests/support/event-factory';

export function chainContract(store: () => EventStore): void {
  it('chains every event to the one before it, across single appends, batches and every expected version', async () => {
    const id = uniqueStream();
    await store().append(id, [testEvent('Opened', { odd: 'ünïcödé ✓', nested: { b: 2, a: [1.5, null, true] } })], { expected: 'no_stream' });
    await store().append(id, testEvents(3), { expected: 0n });
    await store().append(id, testEvents(1), { expected: 'any' });
    await store().append(id, testEvents(2), { expected: 'stream_exists' });
    const events = await store().readStream(id);
    expect(events).toHaveLength(7);
    const walker = new ChainWalker();
    for (const event of events) walker.add(event);
    expect(walker.result).toMatchObject({ intact: true, events: 7 });
    const [first] = events;
    expect(first!.hash).toBe(chainHash(null, 0n, contentHash(first!)).toString('hex'));
  });

  it('chains racing appends to a hot stream without a break', async () => {
    const id = uniqueStream();
    await Promise.all(Array.from({ length: 8 }, () => store().append(id, testEvents(2), { expected: 'any' })));
    const walker = new ChainWalker();
    for (const event of await store().readStream(id)) walker.add(event);
    expect(walker.result).toMatchObject({ intact: true, events: 16 });
  });

  it('gives an idempotent retry the hash of the event first stored', async () => {
    const id = uniqueStream();
    const events = testEvents(2);
    await store().append(id, events, { expected: 'no_stream' });
    const before = (await store().readStream(id)).map((e) => e.hash);
    expect((await store().append(id, events, { expected: 'no_stream' })).alreadyStored).toBe(true);
    expect((await store().readStream(id)).map((e) => e.hash)).toEqual(before);
  });
}
