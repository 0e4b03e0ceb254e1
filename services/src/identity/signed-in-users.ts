import { LRUCache } from 'lru-cache';
import { logger } from '@desk/platform/logging/logger';
import type { UserRow } from './users.repository';

/** The channel migration 016 announces every users row change on: the row's id, or '' for every row. */
export const USERS_CHANGED_CHANNEL = 'users_changed';

/** LISTEN on a channel (platform's pg-listen.ts): the listener gets each payload, and none after a reconnect. */
export type ListenForChanges = (listener: (payload?: string) => void, onLost: () => void) => Promise<() => Promise<void>>;

export interface SignedInUsersOptions {
  /** Rows kept at most: the accounts signed in at once on one process, with room to spare. */
  max?: number;
  /**
   * A row is read again after this long even if no change was announced: a bound on how long a
   * change could go unseen if an announcement were ever lost without the connection dropping.
   */
  ttlMs?: number;
}

/**
 * Every signed-in request needs its user's row (a deleted account, a removed role or a password
 * change must take effect at once), and reading it was a database round trip per request. This
 * keeps the rows read, and drops one as soon as the database announces its change (migration 016's
 * trigger, on every change whoever makes it), and a change made by this process at once (`forget`).
 *
 * It serves rows only while its LISTEN connection stands. Until that connection is up, and from the
 * moment it drops until it is back, every request reads the row, as if there were no cache: a change
 * announced while nobody listened would otherwise never reach it.
 *
 * A read that started before a change and finished after the change was announced would put back the
 * old row; so a row read is kept only if no change was announced while it was read (`changes`).
 * Listening starts with the first request, so a process that serves none (the job worker) holds no
 * connection for it.
 */
export class SignedInUsers {
  private readonly rows: LRUCache<string, UserRow>;
  /** Moves on every announced change and every loss of the connection. */
  private changes = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly read: (id: string) => Promise<UserRow | undefined>,
    private readonly listen: ListenForChanges,
    options: SignedInUsersOptions = {},
  ) {
    this.rows = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 60_000 });
  }

  /** The user's current row, or undefined when there is none. */
  async get(id: string): Promise<UserRow | undefined> {
    if (!this.listening) {
      this.startListening();
      return this.read(id);
    }
    const kept = this.rows.get(id);
    if (kept) return kept;
    const before = this.changes;
    const row = await this.read(id);
    if (row && this.listening && this.changes === before) this.rows.set(id, freeze(row));
    return row;
  }

  /** This process changed the user's row and committed: the next request reads it again. */
  forget(id: string): void {
    this.changes++;
    this.rows.delete(id);
  }

  /** Whether rows are served from memory now (the LISTEN connection stands). */
  get serving(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => undefined);
    this.listening = false;
    this.rows.clear();
    await this.stopListening?.();
  }

  private startListening(): void {
    if (this.starting || this.closed) return;
    this.starting = this.listen(
      (payload) => this.announced(payload),
      () => this.lost(),
    ).then(
      async (stop) => {
        if (this.closed) return stop();
        this.stopListening = stop;
        this.changes++;
        this.listening = true;
      },
      (error: Error) => {
        // Every request reads its row meanwhile; the next one tries again.
        logger.warn('signed-in users: LISTEN failed, reading every row', { error: error.message });
        this.starting = null;
      },
    );
  }

  /** A row's id, '' for every row, or nothing after a reconnect (anything may have changed). */
  private announced(payload: string | undefined): void {
    this.changes++;
    if (payload) this.rows.delete(payload);
    else this.rows.clear();
    // Called with nothing once the connection is back: listening again from here on.
    if (payload === undefined && this.stopListening) this.listening = true;
  }

  private lost(): void {
    this.listening = false;
    this.changes++;
    this.rows.clear();
  }
}

/** Rows are shared by every request that reads them: none may change one under another. */
function freeze(row: UserRow): UserRow {
  Object.freeze(row.roles);
  return Object.freeze(row);
}
