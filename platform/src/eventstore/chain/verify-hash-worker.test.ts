import { describe, expect, it } from 'vitest';
import { testEvent } from '../../../../tests/support/event-factory';
import { chainHash, contentHash, HASH_BYTES } from './event-hash';
import { ChainWalker, type ChainedEvent } from './verify-chain';
import { hashPage } from './verify-hash-worker';

/** Two streams' events interleaved, each chained as an append chains it. */
function chainedPage(perStream: number): ChainedEvent[] {
  const heads = new Map<string, Buffer>();
  const page: ChainedEvent[] = [];
  for (let position = 0; position < perStream; position++) {
    for (const streamId of ['order-a', 'order-b']) {
      const event = { streamId, ...testEvent('TestEventHappened', { n: position }), streamPosition: BigInt(position) };
      const hash = chainHash(heads.get(streamId) ?? null, event.streamPosition, contentHash(event));
      heads.set(streamId, hash);
      page.push({ ...event, hash: hash.toString('hex') });
    }
  }
  return page;
}

describe("a verify-store thread's page", () => {
  it("gives each event's content hash, and checks every link whose previous event is in the page", () => {
    const page = chainedPage(3);
    const { contents, linked } = hashPage(page);
    page.forEach((event, i) => expect(Buffer.from(contents.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES))).toEqual(contentHash(event)));
    // Each stream's first event in the page chains to a page the thread never saw: left to the main thread.
    expect([...linked]).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it('leaves an edited event, one without a stored hash and the one after it, to the main thread', () => {
    const page = chainedPage(4);
    page[3] = { ...page[3]!, data: { n: 99 } };
    page[4] = { ...page[4]!, hash: null };
    // The edited event's successor chains to its stored hash, which still holds: that link is checked and holds.
    expect([...hashPage(page).linked]).toEqual([0, 0, 1, 0, 0, 1, 0, 1]);
  });

  it('lets the walk name the same first break as a walk on one thread', () => {
    const page = chainedPage(4);
    page[5] = { ...page[5]!, data: { n: 99 } };
    page.splice(4, 1); // order-a at 2: its next event shows a gap, after the edit in log order
    const alone = new ChainWalker();
    page.forEach((event) => alone.add(event));
    const split = new ChainWalker();
    const { contents, linked } = hashPage(page);
    page.forEach((event, i) =>
      linked[i] === 1
        ? split.addLinked(event as ChainedEvent & { hash: string })
        : split.add(event, Buffer.from(contents.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES))),
    );
    expect(split.result).toEqual(alone.result);
    expect(split.result.firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: 'order-b', streamPosition: 2n });
  });
});
