import { LRUCache } from 'lru-cache';
import { logger } from '@desk/platform/logging/logger';
import { RowsUntilChanged, type ListenForChanges, type RowsUntilChangedOptions } from './rows-until-changed';
import type { SessionRow } from './sessions.repository';

/** The channel migration 017 announces a session's end on: its id, or '' for every session. */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';

/** How often a session's `last_seen_at` is written while it is used: the sessions screen shows it to the minute or so. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Sessions as signed-in requests check them (decision 0029), kept in memory until the database
 * announces their end, with the same care as the users' rows (decision 0026, rows-until-changed.ts):
 * served only while LISTEN stands and answers, forgotten at once by the process that ends them, read
 * fresh for what is decided on them. Placing an order thus pays no round trip for its session.
 *
 * `seen` writes `last_seen_at` when the last write is older than LAST_SEEN_EVERY_MS, off the
 * request's path (not awaited): a failed write costs only the screen's precision.
 */
export class SignedInSessions extends RowsUntilChanged<SessionRow> {
  private readonly lastWritten = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    read: (id: string) => Promise<SessionRow | undefined>,
    listen: ListenForChanges,
    private readonly writeSeen: (id: string, at: Date) => Promise<void>,
    options: RowsUntilChangedOptions = {},
  ) {
    super(read, listen, options);
  }

  /** The session was used now. */
  seen(session: SessionRow, now = Date.now()): void {
    const written = Math.max(this.lastWritten.get(session.id) ?? 0, session.last_seen_at.getTime());
    if (now - written < LAST_SEEN_EVERY_MS) return;
    this.lastWritten.set(session.id, now);
    this.writeSeen(session.id, new Date(now)).catch((error: Error) => logger.warn('could not record when a session was last seen', { error: error.message }));
  }
}
