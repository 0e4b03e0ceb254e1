import type pg from 'pg';
import { checkPage, type PageCheck } from '../chain/verify-page-check';
import type { PgPosition } from './pg-global-position';
import { readRawPage, type PgPageRange } from './pg-raw-pages';

/** A checked page, and where it ended (what the main thread goes on from when it dealt an open range). */
export type CheckedRange = PageCheck & { last: PgPosition | null };

/**
 * Reads and checks the ranges dealt to one verify-store checker (a thread, or the main thread's own
 * share: pg-verify-store.ts) on its one connection. Ranges dealt ahead wait for the read before them:
 * one statement at a time on the connection, as pg sends them anyway (a query handed to a busy
 * client is queued now, with a warning that pg 9 will refuse it).
 */
export class RangeChecker {
  private previousRead: Promise<unknown>;

  /** `ready`: the connection's own start (connect), which the first read waits for. */
  constructor(
    private readonly client: pg.ClientBase,
    ready: Promise<unknown> = Promise.resolve(),
  ) {
    this.previousRead = ready;
  }

  async check(range: PgPageRange): Promise<CheckedRange> {
    const read = this.previousRead.then(() => readRawPage(this.client, range));
    this.previousRead = read.catch(() => undefined);
    const page = await read;
    return { ...checkPage(page.events), last: page.last };
  }
}
