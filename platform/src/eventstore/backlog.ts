/** How far the log runs past a position: what a projection's status and a rebuild's progress ask (EventStore.backlog). */
export interface Backlog {
  /** Events after the given position, as far as the adapter can count them (at most `countUpTo`). */
  count: number;
  /** The count stopped at `countUpTo`: more than `count` events follow the position. */
  moreThanCount: boolean;
  /** When the first of those events in the log's order was recorded; null when there are none. */
  oldestRecordedAt: Date | null;
}

/** A backlog from a count taken up to one past `countUpTo`. */
export function backlogOf(counted: number, countUpTo: number | undefined, oldestRecordedAt: Date | null): Backlog {
  const moreThanCount = countUpTo !== undefined && counted > countUpTo;
  return { count: moreThanCount ? countUpTo : counted, moreThanCount, oldestRecordedAt };
}

export interface BacklogOptions {
  /**
   * Count no further than this: a status page asks how far behind a projection is, and counting
   * millions of events to say so took seconds each (review 17). Every event when absent.
   */
  countUpTo?: number;
}
