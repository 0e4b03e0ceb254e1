import type pg from 'pg';
import type { EventStore } from '../event-store';
import { ChainWalker } from '../chain/verify-chain';
import { walkCheckedPage } from '../chain/verify-page-check';
import { HELD_BACK_WAIT_MS, PAGE, type StoreVerification, type VerifyStoreOptions } from '../chain/verify-store';
import { threadEntry, VerifyThreadPool } from '../chain/verify-thread-pool';
import { encodePgPosition, PG_START, type PgPosition } from './pg-global-position';
import { pageEnds, type PgPageRange } from './pg-raw-pages';
import type { CheckedRange, PgVerifyThreadData } from './pg-verify-worker';

/** Page ends asked for in one statement: a few round trips' worth of pages dealt at once. */
const ENDS_PER_QUERY = 16;
/**
 * Ranges dealt ahead of the walk per thread. What comes back is small, so more than the port's
 * path keeps: a thread that finished its pages early (the walk waits on an older one, dealt to a
 * thread the machine ran slower) still has its next queries queued on its connection.
 */
const PAGES_AHEAD_PER_THREAD = 4;

export interface PgVerifyTarget {
  /** The PostgreSQL adapter: asked whether events are still held back at the end, as verifyStore asks. */
  store: EventStore;
  /** Where the main thread asks where pages end. */
  pool: pg.Pool;
  /** Each thread opens a connection of its own with it. */
  connectionString: string;
}

/**
 * verifyStore for the PostgreSQL adapter (decision 0053): the same walk and the same answer, but
 * the main thread reads no rows. It asks only where each page of `pageSize` events ends (positions
 * from the index) and deals the ranges to the threads, which read their rows themselves as JSON
 * text, compute the content hashes and check the links within the page (verify-page-check.ts);
 * what comes back is walked in log order, so the first break and its name are a one-thread walk's.
 * Past the last whole page the rest is dealt as an open range, and the walk goes on from where it
 * ended until nothing committed follows.
 */
export async function verifyPgStore(target: PgVerifyTarget, onProgress?: (done: number) => void, options: VerifyStoreOptions = {}): Promise<StoreVerification> {
  const size = options.pageSize ?? PAGE;
  const data: PgVerifyThreadData = { connectionString: target.connectionString, applicationName: 'usdt-desk verify-store' };
  const threads = new VerifyThreadPool<PgPageRange, CheckedRange>(threadEntry('pg-verify-worker', import.meta.url), options.threads, data);
  const walker = new ChainWalker();
  const ahead: Promise<CheckedRange>[] = [];
  const deal = (range: PgPageRange) => {
    const checked = threads.ask(range);
    // Awaited in turn below; until then a failure must not count as unhandled.
    checked.catch(() => undefined);
    ahead.push(checked);
  };
  const walkOldestPage = async (): Promise<CheckedRange> => {
    const page = await ahead.shift()!;
    walkCheckedPage(walker, page);
    if (page.events > 0) onProgress?.(walker.result.events);
    return page;
  };
  try {
    let after: PgPosition = PG_START;
    for (;;) {
      const ends = await pageEnds(target.pool, after, size, ENDS_PER_QUERY);
      for (const through of ends) {
        deal({ after, through, limit: size });
        after = through;
        while (ahead.length >= PAGES_AHEAD_PER_THREAD * threads.threads) await walkOldestPage();
      }
      if (ends.length === ENDS_PER_QUERY) continue;
      // Less than a page was left when counted: read it open-ended, and go on from where it ends.
      deal({ after, through: null, limit: size });
      while (ahead.length > 1) await walkOldestPage();
      const last = (await walkOldestPage()).last;
      if (last) {
        after = last;
        continue;
      }
      if (!(await target.store.hasEventsAfter(encodePgPosition(after.transactionId, after.globalPosition)))) break;
      await new Promise((resolve) => setTimeout(resolve, HELD_BACK_WAIT_MS));
    }
  } finally {
    await threads.close();
  }
  return walker.result;
}
