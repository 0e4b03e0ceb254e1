import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { ORDER_CHANGES_CHANNEL, orderChangesAfter, orderChangesBounds, type OrderChange } from '@desk/projections/read-models/orders/order-changes';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import { SLOT_RENEW_MS, type HeldSlot, type StreamSlots } from './stream-slots';
import { joinFrames, sseFrame, type LiveMessage } from './sse-frames';

/** Who watches a stream: their own orders, plus the brands their roles cover. */
export interface Viewer {
  userId: string;
  admin: AdminScope | null;
  compliance: AdminScope | null;
}

export interface HubOptions {
  db: Kysely<ReadModelDatabase>;
  /** LISTEN on a channel (platform's listenToChannel); the listener is also called after a reconnect. */
  listen: (channel: string, listener: () => void) => Promise<() => Promise<void>>;
  /** The user's stream slots, shared by every API process: a stream past the limit closes the user's oldest. */
  slots: StreamSlots;
  /** How often this process renews its streams' slots (and closes those taken over elsewhere). */
  renewMs?: number;
  /** More feed rows than this at once (a rebuild replaying history): everyone gets `reset` instead. */
  pageSize?: number;
  /** Writes queued for one slow client before it is dropped (it reconnects and resumes); a write carries a batch of events. */
  maxQueued?: number;
}

interface Subscriber {
  viewer: Viewer;
  streamId: string;
  slot: HeldSlot;
  /** The last feed seq this subscriber has been given (or told to skip by a reset). */
  cursor: bigint;
  resumeFrom: bigint | null;
  caughtUp: boolean;
  /** Writes events as they go on the wire (sse-frames.ts): one chunk per batch of the feed. */
  send: (chunk: Uint8Array) => Promise<void>;
  close: () => void;
  chain: Promise<void>;
  queued: number;
  closed: boolean;
}

export function sees(viewer: Viewer, change: Pick<OrderChange, 'userId' | 'tenantId'>): boolean {
  if (change.userId === viewer.userId) return true;
  if (viewer.admin && coversTenant(viewer.admin, change.tenantId)) return true;
  return viewer.compliance !== null && coversTenant(viewer.compliance, change.tenantId);
}

/**
 * A page of the feed framed once for every stream: each row's event, the admins' `dashboard` nudge,
 * and (made when first needed) the chunk of all of them, which every operator admin's stream gets.
 */
interface FramedRows {
  rows: readonly OrderChange[];
  seqs: readonly bigint[];
  frames: readonly Uint8Array[];
  dashboard: Uint8Array;
  everything: Uint8Array | null;
}

function framed(rows: readonly OrderChange[]): FramedRows {
  return {
    rows,
    seqs: rows.map((row) => BigInt(row.seq)),
    frames: rows.map((row) => sseFrame(orderMessage(row))),
    dashboard: sseFrame({ event: 'dashboard', data: JSON.stringify({ at: new Date().toISOString() }) }),
    everything: null,
  };
}

const orderMessage = (c: OrderChange): LiveMessage => ({
  event: 'order',
  id: c.seq,
  data: JSON.stringify({
    orderId: c.orderId,
    refCode: c.refCode,
    status: c.status,
    tenantId: c.tenantId,
    isNew: c.isNew,
    changedAt: c.changedAt.toISOString(),
  }),
});

/**
 * One per API process: LISTENs for the orders projection's commits, reads the change feed after
 * the last seq it has seen, and hands each row to the streams whose viewer may see it. All reading
 * and delivery happens in one pump at a time, so a stream that resumes (replaying rows after its
 * Last-Event-ID) and the live rows can neither overlap nor leave a gap. Starts listening with the
 * first stream, so processes that serve none hold no LISTEN connection.
 */
export class ChangeHub {
  private readonly subscribers = new Set<Subscriber>();
  private lastSeq = 0n;
  private started: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private pumping = false;
  private again = false;
  private closed = false;
  private renewal: NodeJS.Timeout | null = null;
  private readonly pageSize: number;
  private readonly maxQueued: number;

  constructor(private readonly options: HubOptions) {
    this.pageSize = options.pageSize ?? 500;
    this.maxQueued = options.maxQueued ?? 1_000;
  }

  /** Streams open on this process (the metrics and tests). */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Adds a stream. With `resumeFrom` (Last-Event-ID) it first gets the rows after it that it may
   * see, or a `reset` when they are no longer kept; then `ready`; then every later change.
   * The result removes it.
   */
  async subscribe(viewer: Viewer, resumeFrom: bigint | null, send: Subscriber['send'], close: () => void): Promise<() => void> {
    // The process is draining (close() ran): a stream opened now would hold the drain open until its
    // timeout. It ends at once, and its client's EventSource reconnects to another replica.
    if (this.closed) {
      close();
      return () => undefined;
    }
    await this.start();
    const streamId = randomUUID();
    const { slot, evicted } = await this.options.slots.take(viewer.userId, streamId);
    // The user's oldest stream, when its slot was taken: on this process it ends now, elsewhere at its next renewal.
    for (const s of this.subscribers) if (s.streamId === evicted) this.drop(s);
    const subscriber: Subscriber = {
      viewer,
      streamId,
      slot,
      cursor: 0n,
      resumeFrom,
      caughtUp: false,
      send,
      close,
      chain: Promise.resolve(),
      queued: 0,
      closed: false,
    };
    this.subscribers.add(subscriber);
    // close() ran while the slot was being taken: this stream missed its sweep.
    if (this.closed) {
      this.drop(subscriber);
      return () => undefined;
    }
    this.renewal ??= setInterval(() => void this.renewSlots(), this.options.renewMs ?? SLOT_RENEW_MS).unref();
    this.pump();
    return () => this.remove(subscriber);
  }

  /** Closes every stream and stops listening (shutdown: the server waits for open responses). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.renewal) clearInterval(this.renewal);
    for (const s of [...this.subscribers]) this.drop(s);
    await this.started?.catch(() => undefined);
    await this.stopListening?.();
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      this.lastSeq = (await orderChangesBounds(this.options.db)).newest;
      this.stopListening = await this.options.listen(ORDER_CHANGES_CHANNEL, () => this.pump());
    })();
    this.started.catch(() => (this.started = null));
    return this.started;
  }

  /** Runs the pump, or asks the running one to go round again. */
  pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.readNew();
          await this.catchUpNewcomers();
        } while (this.again && !this.closed);
      } catch (error) {
        logger.warn('live updates: reading the change feed failed', { error: (error as Error).message });
        setTimeout(() => this.pump(), 1_000).unref();
      } finally {
        this.pumping = false;
      }
    })();
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const rows = await orderChangesAfter(this.options.db, this.lastSeq, this.pageSize);
      if (rows.length === 0) return;
      if (rows.length === this.pageSize) {
        // A flood (a rebuild replays every order): one reset instead of thousands of events.
        this.lastSeq = (await orderChangesBounds(this.options.db)).newest;
        const reset = this.resetFrame('behind');
        for (const s of this.subscribers) if (s.caughtUp) this.reset(s, reset);
        return;
      }
      this.lastSeq = BigInt(rows[rows.length - 1]!.seq);
      const batch = framed(rows);
      for (const s of this.subscribers) if (s.caughtUp) this.deliver(s, batch, this.lastSeq);
    }
  }

  private async catchUpNewcomers(): Promise<void> {
    for (const s of [...this.subscribers]) {
      if (s.caughtUp || s.closed) continue;
      s.caughtUp = true;
      const from = s.resumeFrom;
      if (from === null) {
        s.cursor = this.lastSeq;
      } else if (from > this.lastSeq) {
        // An id this feed never gave (a restored database, a made-up header).
        this.reset(s, this.resetFrame('unknown_id'));
      } else {
        const { oldest } = await orderChangesBounds(this.options.db);
        const rows = from === this.lastSeq ? [] : await orderChangesAfter(this.options.db, from, this.pageSize, this.lastSeq);
        if (from < this.lastSeq && (oldest === 0n || oldest > from + 1n || rows.length === this.pageSize)) this.reset(s, this.resetFrame('too_old'));
        else {
          s.cursor = from;
          this.deliver(s, framed(rows), this.lastSeq);
        }
      }
      this.enqueue(
        s,
        sseFrame({ event: 'ready', id: s.cursor.toString(), data: JSON.stringify({ lastEventId: s.cursor.toString(), resumed: from !== null }) }),
      );
    }
  }

  /** The rows of `batch` this subscriber may see and has not had, then `dashboard` for an admin, as one write. */
  private deliver(s: Subscriber, batch: FramedRows, upTo: bigint): void {
    const frames: Uint8Array[] = [];
    let dashboard = false;
    batch.rows.forEach((row, i) => {
      if (batch.seqs[i]! <= s.cursor || !sees(s.viewer, row)) return;
      frames.push(batch.frames[i]!);
      if (s.viewer.admin && coversTenant(s.viewer.admin, row.tenantId)) dashboard = true;
    });
    s.cursor = upTo;
    if (frames.length === 0) return;
    if (dashboard) frames.push(batch.dashboard);
    const everything = dashboard && frames.length === batch.frames.length + 1;
    this.enqueue(s, everything ? (batch.everything ??= joinFrames(frames)) : joinFrames(frames));
  }

  private resetFrame(reason: string): Uint8Array {
    return sseFrame({ event: 'reset', id: this.lastSeq.toString(), data: JSON.stringify({ reason }) });
  }

  private reset(s: Subscriber, frame: Uint8Array): void {
    s.cursor = this.lastSeq;
    this.enqueue(s, frame);
  }

  private enqueue(s: Subscriber, chunk: Uint8Array): void {
    if (s.closed) return;
    if (++s.queued > this.maxQueued) return this.drop(s);
    s.chain = s.chain.then(
      () => s.send(chunk).then(() => void s.queued--),
      () => undefined,
    );
    s.chain.catch(() => this.drop(s));
  }

  private drop(s: Subscriber): void {
    if (s.closed) return;
    this.remove(s);
    s.close();
  }

  private remove(s: Subscriber): void {
    if (s.closed) return;
    s.closed = true;
    this.subscribers.delete(s);
    this.options.slots.release(s.slot).catch(() => undefined);
  }

  /**
   * Keeps each stream's slot, and ends the streams whose slot another process gave to a newer stream
   * of the same user. A store that cannot answer ends nothing: the limit waits for it, the streams do not.
   */
  private async renewSlots(): Promise<void> {
    await Promise.all(
      [...this.subscribers].map(async (s) => {
        const held = await this.options.slots.renew(s.slot).catch(() => true);
        if (!held) this.drop(s);
      }),
    );
  }
}
