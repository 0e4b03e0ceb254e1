import type { ChainedEvent } from './verify-chain';
import type { PageHashes } from './verify-hash-worker';
import { threadEntry, VerifyThreadPool } from './verify-thread-pool';

/** What a thread answers for one page: each event's content hash (32 bytes each), and 1 where its link held in the page. */
export interface HashedPage {
  contents: Buffer;
  linked: Uint8Array;
}

/**
 * Threads that hash events' content for verify-store through the port (verify-hash-worker.ts),
 * pages dealt out in turn: the path of every adapter but PostgreSQL's (decision 0053), whose
 * threads read their own rows (postgres/pg-verify-store.ts).
 */
export class ContentHashPool {
  private readonly pool: VerifyThreadPool<readonly ChainedEvent[], PageHashes>;
  readonly threads: number;

  constructor(threads?: number) {
    this.pool = new VerifyThreadPool(threadEntry('verify-hash-worker', import.meta.url), threads);
    this.threads = this.pool.threads;
  }

  /** One page's content hashes and in-page links (verify-hash-worker.ts), computed on one of the threads. */
  async hashPage(events: readonly ChainedEvent[]): Promise<HashedPage> {
    // The page as read: picking out the fields the chain covers cost the main thread more than
    // copying the others along (measured: a new object per event outweighs a Date and a position).
    const { contents, linked } = await this.pool.ask(events);
    return { contents: Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength), linked };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
