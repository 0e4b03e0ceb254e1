import { chainHash, HASH_BYTES, storedContentHash } from './event-hash';
import type { ChainedEvent } from './verify-chain';
import { answerTasks } from './verify-thread-pool';

/**
 * What a thread answers for one page (verify-hash-pool.ts sends the page's events in log order):
 * for each event, in order, its content hash (32 bytes each, end to end), and whether its link was
 * checked here and holds (1) or is left to the main thread (0).
 */
export interface PageHashes {
  contents: Uint8Array;
  linked: Uint8Array;
}

/**
 * A verify-store thread (decision 0048). Each event's content hash (its JCS text and a sha-256)
 * depends on that event alone. Its link depends on the event before it in its stream: when that
 * one is in the same page with a stored hash, the link is checked here too, against that stored
 * hash, exactly as ChainWalker.add would check it. The first event of each stream in a page, and
 * any link that does not hold, the main thread checks itself in log order, which is also where a
 * break is named.
 */
export function hashPage(events: readonly ChainedEvent[]): PageHashes {
  // Not from Buffer's shared pool: the bytes are handed over to the main thread, not copied.
  const contents = new Uint8Array(events.length * HASH_BYTES);
  const linked = new Uint8Array(events.length);
  const storedBefore = new Map<string, string | null>();
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const content = storedContentHash(event);
    contents.set(content, i * HASH_BYTES);
    const previous = storedBefore.get(event.streamId);
    if (previous && event.hash) linked[i] = chainHash(Buffer.from(previous, 'hex'), event.streamPosition, content).toString('hex') === event.hash ? 1 : 0;
    storedBefore.set(event.streamId, event.hash);
  }
  return { contents, linked };
}

answerTasks((events: readonly ChainedEvent[]) => {
  const hashed = hashPage(events);
  return { answer: hashed, transfer: [hashed.contents.buffer as ArrayBuffer, hashed.linked.buffer as ArrayBuffer] };
});
