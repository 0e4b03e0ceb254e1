import type { ShortLivedStore } from '../kv/short-lived-store';

/** Live streams one user may hold open across every API process. */
export const STREAMS_PER_USER = 5;
/** A slot's lease: its process renews it every SLOT_RENEW_MS; a process that died frees its slots after this. */
export const SLOT_TTL_MS = 45_000;
export const SLOT_RENEW_MS = 15_000;

/** One stream's hold on one of its user's slots. */
export interface HeldSlot {
  key: string;
  /** What the slot holds while it is this stream's: when it was taken, and the stream. */
  holder: string;
}

export interface TakenSlot {
  slot: HeldSlot;
  /** The stream whose slot was taken over (the user's stream held longest), or null for a free slot. */
  evicted: string | null;
}

const openedAt = (holder: string) => Number(holder.slice(0, holder.indexOf('|')));
const streamOf = (holder: string) => holder.slice(holder.indexOf('|') + 1);

/**
 * Each user has STREAMS_PER_USER slots in the short-lived store (Redis with REDIS_URL, so every API
 * process counts the same slots). A new stream takes a free slot, or else the slot held longest: that
 * stream is closed at once when it is on this process, and by its own process when it next renews and
 * finds the slot is no longer its own. A stream lives only while it holds a slot, so however streams
 * race, a user holds at most STREAMS_PER_USER for longer than one renewal; a process that died
 * leaves its slots to expire.
 */
export class StreamSlots {
  constructor(
    private readonly store: ShortLivedStore,
    private readonly perUser = STREAMS_PER_USER,
    private readonly ttlMs = SLOT_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async take(userId: string, streamId: string): Promise<TakenSlot> {
    const holder = `${this.now()}|${streamId}`;
    const keys = Array.from({ length: this.perUser }, (_, k) => `live-slot:${userId}:${k}`);
    for (const key of keys) if (await this.store.setIfAbsent(key, holder, this.ttlMs)) return { slot: { key, holder }, evicted: null };
    const held = await Promise.all(keys.map(async (key) => ({ key, holder: await this.store.get(key) })));
    // A slot freed after the loop above counts as the oldest: taking it evicts nobody.
    const oldest = held.sort((a, b) => (a.holder === null ? -1 : b.holder === null ? 1 : openedAt(a.holder) - openedAt(b.holder)))[0]!;
    await this.store.set(oldest.key, holder, this.ttlMs);
    return { slot: { key: oldest.key, holder }, evicted: oldest.holder === null ? null : streamOf(oldest.holder) };
  }

  /** Renews the lease; false when the slot was taken over (or expired): the stream must end. */
  renew(slot: HeldSlot): Promise<boolean> {
    return this.store.expireIfEqual(slot.key, slot.holder, this.ttlMs);
  }

  /** Frees the slot, unless another stream has taken it meanwhile. */
  async release(slot: HeldSlot): Promise<void> {
    await this.store.deleteIfEqual(slot.key, slot.holder);
  }
}
