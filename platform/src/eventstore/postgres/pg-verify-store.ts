import { availableParallelism } from 'node:os';
import type pg from 'pg';
import type { EventStore } from '../event-store';
import { ChainWalker } from '../chain/verify-chain';
import { walkCheckedPage } from '../chain/verify-page-check';
import { HELD_BACK_WAIT_MS, PAGE, type StoreVerification, type VerifyStoreOptions } from '../chain/verify-store';
import { threadEntry, VerifyThreadPool } from '../chain/verify-thread-pool';
import { encodePgPosition, PG_START, type PgPosition } from './pg-global-position';
import { RangeChecker, type CheckedRange } from './pg-range-checker';
import { sessionsHoldingBack, type HoldingSession } from './pg-held-back-by';
import { pageEnds, type PgPageRange } from './pg-raw-pages';
import type { PgVerifyThreadData } from './pg-verify-worker';

/** Page ends asked for in one statement: a few round trips' worth of pages dealt at once. */
const ENDS_PER_QUERY = 16;
/**
 * Ranges dealt ahead of the walk per checker. What comes back is small, so more than the port's
 * path keeps: a thread that finished its pages early (the walk waits on an older one, dealt to a
 * thread the machine ran slower) still has its next queries queued on its connection.
 */
const PAGES_AHEAD_PER_CHECKER = 4;
/** How long the walk waits for events held back before it names the sessions holding them, and again after each such while. */
const HELD_BACK_REPORT_MS = 5_000;

export interface PgVerifyOptions extends VerifyStoreOptions {
  /**
   * Called while the walk waits at the log's end for events an open transaction holds back, every
   * HELD_BACK_REPORT_MS, with the sessions holding them: the walk never calls a chain intact before
   * it has read every committed event, and waits as long as they stay open (review 16: it waited
   * without a word).
   */
  onHeldBack?: (sessions: HoldingSession[]) => void;
}

/**
 * One checker per core, up to four: this thread and a worker thread for each other core. This
 * thread's share of the walk itself (dealing ranges, walking what comes back) is small, and a
 * thread of its own costs a start (its isolate, its modules, its code made fast again): about a
 * quarter of a second of CPU each, a tenth of the whole walk over 270,000 events (docs/performance.md).
 */
function defaultCheckers(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

export interface PgVerifyTarget {
  /** The PostgreSQL adapter: asked whether events are still held back at the end, as verifyStore asks. */
  store: EventStore;
  /** Where this thread asks where pages end, and reads its own share of the pages (one connection of its own). */
  pool: pg.Pool;
  /** Each thread opens a connection of its own with it. */
  connectionString: string;
}

/**
 * verifyStore for the PostgreSQL adapter (decisions 0053, 0063): the same walk and the same answer,
 * with the pages read where they are checked. It asks where each page of `pageSize` events ends
 * (positions from the index) and deals the ranges in turn to its checkers: worker threads and this
 * thread itself, each reading its rows on a connection of its own, computing the content hashes
 * and checking the links within the page (verify-page-check.ts); what comes back is walked in log
 * order, so the first break and its name are a one-thread walk's. Past the last whole page the rest
 * is dealt as an open range, and the walk goes on from where it ended until nothing committed follows.
 * `options.threads` counts the checkers, this thread among them.
 */
export async function verifyPgStore(target: PgVerifyTarget, onProgress?: (done: number) => void, options: PgVerifyOptions = {}): Promise<StoreVerification> {
  const size = options.pageSize ?? PAGE;
  const checkers = options.threads ?? defaultCheckers();
  const data: PgVerifyThreadData = { connectionString: target.connectionString, applicationName: 'usdt-desk verify-store' };
  const threads = checkers > 1 ? new VerifyThreadPool<PgPageRange, CheckedRange>(threadEntry('pg-verify-worker', import.meta.url), checkers - 1, data) : null;
  const ownConnection = await target.pool.connect().catch(async (error: unknown) => {
    await threads?.close();
    throw error;
  });
  const own = new RangeChecker(ownConnection);
  let dealt = 0;
  const walker = new ChainWalker();
  const ahead: Promise<CheckedRange>[] = [];
  const deal = (range: PgPageRange) => {
    // Every `checkers`th range is this thread's own; the rest go to the threads in turn.
    const checked = threads && dealt++ % checkers !== 0 ? threads.ask(range) : own.check(range);
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
  let walked = false;
  /** When the walk began to wait at the log's end for held-back events, and how often it has said so. */
  let heldBackSince: number | null = null;
  let heldBackReports = 0;
  try {
    let after: PgPosition = PG_START;
    for (;;) {
      const ends = await pageEnds(target.pool, after, size, ENDS_PER_QUERY);
      for (const through of ends) {
        deal({ after, through, limit: size });
        after = through;
        while (ahead.length >= PAGES_AHEAD_PER_CHECKER * checkers) await walkOldestPage();
      }
      if (ends.length === ENDS_PER_QUERY) continue;
      // Less than a page was left when counted: read it open-ended, and go on from where it ends.
      deal({ after, through: null, limit: size });
      while (ahead.length > 1) await walkOldestPage();
      const last = (await walkOldestPage()).last;
      if (last) {
        after = last;
        heldBackSince = null;
        heldBackReports = 0;
        continue;
      }
      if (!(await target.store.hasEventsAfter(encodePgPosition(after.transactionId, after.globalPosition)))) break;
      heldBackSince ??= Date.now();
      if (options.onHeldBack && Date.now() - heldBackSince >= HELD_BACK_REPORT_MS * (heldBackReports + 1)) {
        heldBackReports++;
        options.onHeldBack(await sessionsHoldingBack(target.pool, HELD_BACK_REPORT_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, HELD_BACK_WAIT_MS));
    }
    walked = true;
  } finally {
    // A walk that ended early may leave reads dealt to this thread still running on its connection
    // (review 16), or the connection broken: the pool ends it rather than lend it out busy. A walk
    // that ended had walked every range it dealt, so its connection is idle.
    ownConnection.release(!walked);
    await threads?.close();
  }
  return walker.result;
}
