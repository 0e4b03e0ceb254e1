import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store';
import { HASH_BYTES } from './event-hash';
import { ChainWalker, type ChainBreak } from './verify-chain';
import { ContentHashPool, type HashedPage } from './verify-hash-pool';

export const PAGE = 2_000;
/** How long to wait before reading again while older transactions still hold events back. */
export const HELD_BACK_WAIT_MS = 50;
/** Pages read ahead of the walk per hashing thread: enough that no thread waits for the next. */
export const PAGES_AHEAD_PER_THREAD = 2;

export interface StoreVerification {
  intact: boolean;
  events: number;
  streams: number;
  /** The first broken link in log order; null when every chain holds. */
  firstBreak: ChainBreak | null;
}

export interface VerifyStoreOptions {
  /** Hashing threads; by default one per core, up to four (verify-hash-pool.ts). */
  threads?: number;
  /** Events read per page (and hashed per message): 2,000 unless a test needs pages to end mid-stream. */
  pageSize?: number;
}

/**
 * Walks the whole log through the port (either adapter) and follows every stream's chain: an
 * edited event, a deleted one (a position gap) or two swapped are each a break. Memory is one head
 * per stream, and a few pages. What the walk cannot see alone is a stream's newest events deleted
 * from its end: an export's manifest pins the heads for that (docs/compliance.md).
 *
 * Each event's content hash (its JCS text and a sha-256, most of the work) depends on that event
 * alone, and most links on an event of the same page: pages go to threads while this one reads the
 * next (verify-hash-worker.ts). The rest of each link, the positions and whatever the threads left
 * (each stream's first event in a page, a link that does not hold), is checked here in log order as
 * the pages come back, so the first break found and its name are what a walk on one thread gives.
 * On PostgreSQL the audit takes verifyPgStore (postgres/pg-verify-store.ts, decision 0053) instead:
 * the same walk, with the threads reading their pages themselves.
 */
export async function verifyStore(store: EventStore, onProgress?: (done: number) => void, options: VerifyStoreOptions = {}): Promise<StoreVerification> {
  const walker = new ChainWalker();
  const hashing = new ContentHashPool(options.threads);
  const ahead: Promise<{ page: RecordedEvent[]; hashed: HashedPage }>[] = [];
  const walkOldestPage = async () => {
    const { page, hashed } = await ahead.shift()!;
    for (let i = 0; i < page.length; i++) {
      const event = page[i]!;
      if (hashed.linked[i] === 1) walker.addLinked(event);
      else walker.add(event, hashed.contents.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES));
    }
    onProgress?.(walker.result.events);
  };
  try {
    let after: GlobalPosition | null = null;
    for (;;) {
      const page = await store.readAll(after, options.pageSize ?? PAGE);
      if (page.length === 0) {
        // An empty page is the end only when nothing committed follows: the PostgreSQL adapter holds
        // events back while an older transaction anywhere on the server is still open.
        if (!(await store.hasEventsAfter(after))) break;
        await new Promise((resolve) => setTimeout(resolve, HELD_BACK_WAIT_MS));
        continue;
      }
      after = page[page.length - 1]!.globalPosition;
      const next = hashing.hashPage(page).then((hashed) => ({ page, hashed }));
      // Awaited in turn below; until then a failure must not count as unhandled.
      next.catch(() => undefined);
      ahead.push(next);
      while (ahead.length >= PAGES_AHEAD_PER_THREAD * hashing.threads) await walkOldestPage();
    }
    while (ahead.length > 0) await walkOldestPage();
  } finally {
    await hashing.close();
  }
  return walker.result;
}
