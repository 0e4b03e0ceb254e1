import { describe, expect, it } from 'vitest';
import { testEvent } from '../../../../tests/support/event-factory';
import { chainHash, contentHash } from './event-hash';
import { ChainWalker, type ChainedEvent } from './verify-chain';
import { checkPage, walkCheckedPage } from './verify-page-check';

/** Three streams' events interleaved, each chained as an append chains it. */
function chainedLog(perStream: number): ChainedEvent[] {
  const heads = new Map<string, Buffer>();
  const log: ChainedEvent[] = [];
  for (let position = 0; position < perStream; position++) {
    for (const streamId of ['order-a', 'order-b', 'order-c']) {
      const event = { streamId, ...testEvent('TestEventHappened', { n: position }), streamPosition: BigInt(position) };
      const hash = chainHash(heads.get(streamId) ?? null, event.streamPosition, contentHash(event));
      heads.set(streamId, hash);
      log.push({ ...event, hash: hash.toString('hex') });
    }
  }
  return log;
}

/** The log walked on one thread, and in pages of `size` checked as a thread checks them. */
function walkedBothWays(log: readonly ChainedEvent[], size: number) {
  const alone = new ChainWalker();
  log.forEach((event) => alone.add(event));
  const split = new ChainWalker();
  for (let from = 0; from < log.length; from += size) walkCheckedPage(split, structuredClone(checkPage(log.slice(from, from + size))));
  return { alone: { ...alone.result, heads: alone.streamHeads() }, split: { ...split.result, heads: split.streamHeads() } };
}

/** Ways someone with the database could change the log (indexes in log order: event i is stream i % 3 at position i / 3). */
const tamperings: [string, (log: ChainedEvent[]) => void][] = [
  ['nothing', () => {}],
  ['data edited mid-stream', (log) => void (log[13] = { ...log[13]!, data: { n: 99 } })],
  ['metadata edited at a stream start', (log) => void (log[1] = { ...log[1]!, metadata: { ip: '10.0.0.1' } })],
  ['an event deleted', (log) => void log.splice(10, 1)],
  ['a stored hash emptied', (log) => void (log[16] = { ...log[16]!, hash: '' })],
  ['a stored hash set to another event’s', (log) => void (log[19] = { ...log[19]!, hash: log[22]!.hash })],
  [
    'two events swapped with their hashes',
    (log) => {
      const [a, b] = [log[12]!, log[15]!];
      log[12] = { ...b, streamPosition: a.streamPosition };
      log[15] = { ...a, streamPosition: b.streamPosition };
    },
  ],
  ['an edit, then a later deletion in another stream', (log) => void (log.splice(20, 1), (log[8] = { ...log[8]!, type: 'Other' }))],
  ['an event moved to the end of its stream', (log) => void log.push({ ...log.splice(4, 1)[0]!, streamPosition: 10n })],
];

describe('a page checked by a thread that read it itself', () => {
  it.each(tamperings)('lets the walk find what a walk on one thread finds: %s', (_, tamper) => {
    for (const size of [1, 2, 3, 4, 7, 100]) {
      const log = chainedLog(10);
      tamper(log);
      const { alone, split } = walkedBothWays(log, size);
      expect(split).toEqual(alone);
    }
  });

  it('sends back only what the walk needs: each stream’s first event and where each stream ends', () => {
    const check = checkPage(chainedLog(4));
    expect(check.events).toBe(12);
    expect(check.open.streamIds).toEqual(['order-a', 'order-b', 'order-c']);
    expect(check.open.contents.byteLength).toBe(3 * 32);
    expect(check.tails).toMatchObject({ streamIds: ['order-a', 'order-b', 'order-c'], positions: [3n, 3n, 3n] });
  });

  it('leaves an edited event open, with the held one before it for the walk to go on from', () => {
    const log = chainedLog(4);
    log[7] = { ...log[7]!, data: { n: 99 } }; // order-b at 2
    const { open } = checkPage(log);
    expect(open.streamIds).toEqual(['order-a', 'order-b', 'order-c', 'order-b']);
    expect(open.heldBefore[3]).toEqual({ position: 1n, hash: log[4]!.hash });
    const walker = new ChainWalker();
    walkCheckedPage(walker, checkPage(log));
    expect(walker.result.firstBreak).toMatchObject({ reason: 'hash_mismatch', streamId: 'order-b', streamPosition: 2n });
  });
});
