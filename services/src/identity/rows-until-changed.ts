import { LRUCache } from 'lru-cache';
import { logger } from '@desk/platform/logging/logger';

/**
 * LISTEN on a channel (platform's pg-listen.ts): the listener gets each payload, and none after a
 * reconnect; `onLost` when the connection drops, `onAlive` whenever it is known to stand (it
 * connected, or answered the heartbeat asked every `heartbeatMs`).
 */
export type ListenForChanges = (
  listener: (payload?: string) => void,
  options: { onLost: () => void; onAlive: () => void; heartbeatMs: number },
) => Promise<() => Promise<void>>;

export interface RowsUntilChangedOptions {
  /** Rows kept at most: the accounts signed in at once on one process, with room to spare. */
  max?: number;
  /**
   * A row is read again after this long even if no change was announced: a bound on how long a
   * change could go unseen if an announcement were ever lost without the connection dropping.
   */
  ttlMs?: number;
  /** How often the LISTEN connection is asked whether it stands. */
  heartbeatMs?: number;
  /**
   * Rows are served from memory only while the connection was known to stand this recently (its
   * heartbeat answered): a connection dropped without a word stops the serving within this time,
   * before its heartbeat times out. Longer than `heartbeatMs`, or a healthy connection would stop it.
   */
  silenceMs?: number;
  /** After a failed attempt to listen, the next is made no sooner than this (every request reads meanwhile). */
  retryMs?: number;
}

/**
 * Rows kept in memory until the database announces their change (decision 0026): the signed-in
 * users' rows (signed-in-users.ts) and their sessions (signed-in-sessions.ts). Written first for
 * users, whose story follows.
 *
 * Every signed-in request needs its user's row (a deleted account, a removed role or a password
 * change must take effect at once), and reading it was a database round trip per request. This
 * keeps the rows read, and drops one as soon as the database announces its change (migration 016's
 * trigger, on every change whoever makes it), and a change made by this process at once (`forget`).
 *
 * It serves rows only while its LISTEN connection stands and has answered its heartbeat lately
 * (`silenceMs`). Until that connection is up, and from the moment it drops or falls silent until it
 * is back, every request reads the row, as if there were no cache: a change announced while nobody
 * listened would otherwise never reach it. What is decided on the row (who may act as an admin, a
 * password change) reads it fresh (`fresh`), so a stale row can never be turned into a write.
 *
 * A read that started before a change and finished after the change was announced would put back the
 * old row; so a row read is kept only if no change was announced while it was read (`changes`).
 * Listening starts with the first request, so a process that serves none (the job worker) holds no
 * connection for it.
 */
export class RowsUntilChanged<Row extends object> {
  private readonly rows: LRUCache<string, Row>;
  private readonly heartbeatMs: number;
  private readonly silenceMs: number;
  private readonly retryMs: number;
  /** Moves on every announced change and every loss of the connection. */
  private changes = 0;
  private listening = false;
  /** When the connection was last known to stand. */
  private aliveAt = 0;
  private starting: Promise<void> | null = null;
  private failedAt = -Infinity;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly read: (id: string) => Promise<Row | undefined>,
    private readonly listen: ListenForChanges,
    options: RowsUntilChangedOptions = {},
    /** Makes a row safe to share between requests (frozen). */
    private readonly freeze: (row: Row) => Row = Object.freeze,
  ) {
    this.rows = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 60_000 });
    this.heartbeatMs = options.heartbeatMs ?? 2_000;
    this.silenceMs = options.silenceMs ?? 5_000;
    this.retryMs = options.retryMs ?? 5_000;
  }

  /** The current row, or undefined when there is none. */
  async get(id: string): Promise<Row | undefined> {
    return (this.serving ? this.rows.get(id) : undefined) ?? this.fresh(id);
  }

  /**
   * The user's row as the database has it now, never from memory: for what is decided on it (who
   * may act as an admin, a password change). Kept for the next `get`.
   */
  async fresh(id: string): Promise<Row | undefined> {
    if (!this.serving) {
      this.startListening();
      return this.read(id);
    }
    const before = this.changes;
    const row = await this.read(id);
    if (row && this.serving && this.changes === before) this.rows.set(id, this.freeze(row));
    return row;
  }

  /** This process changed the row and committed: the next request reads it again. */
  forget(id: string): void {
    this.changes++;
    this.rows.delete(id);
  }

  /** Whether rows are served from memory now: listening, on a connection that answered lately. */
  get serving(): boolean {
    return this.listening && Date.now() - this.aliveAt <= this.silenceMs;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => undefined);
    this.listening = false;
    this.rows.clear();
    await this.stopListening?.();
  }

  private startListening(): void {
    if (this.starting || this.closed || Date.now() - this.failedAt < this.retryMs) return;
    this.starting = this.listen((payload) => this.announced(payload), {
      onLost: () => this.lost(),
      onAlive: () => (this.aliveAt = Date.now()),
      heartbeatMs: this.heartbeatMs,
    }).then(
      async (stop) => {
        if (this.closed) return stop();
        this.stopListening = stop;
        this.changes++;
        this.listening = true;
      },
      (error: Error) => {
        // Every request reads its row meanwhile; one after retryMs tries again.
        logger.warn('rows kept in memory: LISTEN failed, reading every row', { error: error.message });
        this.failedAt = Date.now();
        this.starting = null;
      },
    );
  }

  /** A row's id, '' for every row, or nothing after a reconnect (anything may have changed). */
  private announced(payload: string | undefined): void {
    if (this.closed) return;
    this.changes++;
    if (payload) this.rows.delete(payload);
    else this.rows.clear();
    // Called with nothing once the connection is back: listening again from here on. (A loss has
    // already forgotten every row; forgetting them again here costs nothing and needs no loss.)
    if (payload === undefined && this.stopListening) this.listening = true;
  }

  private lost(): void {
    this.listening = false;
    this.changes++;
    this.rows.clear();
  }
}
