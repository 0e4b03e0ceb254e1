import type { EventStore, GlobalPosition } from '../event-store';
import { ChainWalker, type ChainBreak } from './verify-chain';

const PAGE = 2_000;
/** How long to wait before reading again while older transactions still hold events back. */
const HELD_BACK_WAIT_MS = 50;

export interface StoreVerification {
  intact: boolean;
  events: number;
  streams: number;
  /** The first broken link in log order; null when every chain holds. */
  firstBreak: ChainBreak | null;
}

/**
 * Walks the whole log through the port (either adapter) and follows every stream's chain: an
 * edited event, a deleted one (a position gap) or two swapped are each a break. Memory is one head
 * per stream. What the walk cannot see alone is a stream's newest events deleted from its end: an
 * export's manifest pins the heads for that (docs/compliance.md).
 */
export async function verifyStore(store: EventStore, onProgress?: (done: number) => void): Promise<StoreVerification> {
  const walker = new ChainWalker();
  let after: GlobalPosition | null = null;
  for (;;) {
    const page = await store.readAll(after, PAGE);
    if (page.length === 0) {
      // An empty page is the end only when nothing committed follows: the PostgreSQL adapter holds
      // events back while an older transaction anywhere on the server is still open.
      if (!(await store.hasEventsAfter(after))) break;
      await new Promise((resolve) => setTimeout(resolve, HELD_BACK_WAIT_MS));
      continue;
    }
    for (const event of page) walker.add(event);
    after = page[page.length - 1]!.globalPosition;
    onProgress?.(walker.result.events);
  }
  return walker.result;
}
