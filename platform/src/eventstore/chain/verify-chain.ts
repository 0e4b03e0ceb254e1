import { chainHash, storedContentHash, type ChainContent } from './event-hash';

/** An event as the chain sees it: its content, its place in its stream, and the hash stored with it. */
export interface ChainedEvent extends ChainContent {
  streamPosition: bigint;
  /** Hex; null or empty when the store holds none (which is itself a break). */
  hash: string | null;
  /**
   * The content's sha-256 (hex), given in place of content withheld from the reader (an export's
   * redacted event): the link is checked with it, the content itself cannot be.
   */
  contentSha256?: string | undefined;
}

/** What a link is checked by, beside the content hash: the event's stream, its place, and the hash stored with it. */
export type ChainLink = Pick<ChainedEvent, 'streamId' | 'streamPosition' | 'hash'>;

export type ChainBreak =
  | { reason: 'hash_mismatch'; streamId: string; streamPosition: bigint; expected: string; stored: string | null }
  | { reason: 'position_gap'; streamId: string; streamPosition: bigint; expectedPosition: bigint };

export function describeBreak(found: ChainBreak): string {
  return found.reason === 'position_gap'
    ? `${found.streamId}: event at position ${found.streamPosition} follows position ${found.expectedPosition - 1n}; an event is missing or moved`
    : `${found.streamId}: event at position ${found.streamPosition} does not match its hash (edited, moved, or its predecessor was)`;
}

interface Head {
  position: bigint;
  hash: Buffer;
}

/**
 * Follows every stream's chain through events in any interleaving of streams, each stream in
 * order: one head per stream in memory, so a whole store can be walked in one pass. A stream may
 * start part-way (an export of a time window) when the hash its first event chains to is given.
 */
export class ChainWalker {
  private readonly heads = new Map<string, Head>();
  private firstBreak: ChainBreak | null = null;
  private count = 0;

  /**
   * Starts a stream after `position`, whose stored hash is `hash` (for partial streams), or goes on
   * from there (after events whose links were checked elsewhere and hold: verify-page-check.ts).
   */
  startAfter(streamId: string, position: bigint, hash: string): void {
    this.heads.set(streamId, { position, hash: Buffer.from(hash, 'hex') });
  }

  /**
   * Checks one event; returns the break it shows, if any (only the first break is kept). `content`
   * is the event's content hash when it was computed elsewhere (verify-store's threads).
   */
  add(event: ChainedEvent, content?: Buffer): ChainBreak | null {
    return this.addLink(event, content ?? (event.contentSha256 ? Buffer.from(event.contentSha256, 'hex') : storedContentHash(event)));
  }

  /** `add` for an event whose content hash was computed elsewhere: only its place and stored hash are needed. */
  addLink(event: ChainLink, content: Buffer): ChainBreak | null {
    const head = this.heads.get(event.streamId);
    let found = this.positionGap(event, head);
    const expected = chainHash(head?.hash ?? null, event.streamPosition, content);
    if (!found && event.hash !== expected.toString('hex')) {
      found = {
        reason: 'hash_mismatch',
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        expected: expected.toString('hex'),
        stored: event.hash,
      };
    }
    // Walk on from what is stored, so one edit is reported once and the rest of the stream is still checked.
    return this.advance(event, event.hash ? Buffer.from(event.hash, 'hex') : expected, found);
  }

  /**
   * Takes an event whose link was checked elsewhere and holds (verify-hash-worker.ts: against the
   * stored hash of the event before it in its stream, which is this walker's last one of that
   * stream). What add would still find is a position gap, which comes first there too.
   */
  addLinked(event: ChainedEvent & { hash: string }): ChainBreak | null {
    return this.advance(event, Buffer.from(event.hash, 'hex'), this.positionGap(event, this.heads.get(event.streamId)));
  }

  /**
   * Counts events whose links were checked elsewhere and hold, in a run that follows each stream's
   * head (verify-page-check.ts); the run's last event of each stream is then given to startAfter.
   */
  countHeld(events: number): void {
    this.count += events;
  }

  private positionGap(event: ChainLink, head: Head | undefined): ChainBreak | null {
    const expectedPosition = head ? head.position + 1n : 0n;
    if (event.streamPosition === expectedPosition) return null;
    return { reason: 'position_gap', streamId: event.streamId, streamPosition: event.streamPosition, expectedPosition };
  }

  /** Counts the event, makes it its stream's head, and keeps `found` if it is the first break. */
  private advance(event: ChainLink, hash: Buffer, found: ChainBreak | null): ChainBreak | null {
    this.count++;
    this.heads.set(event.streamId, { position: event.streamPosition, hash });
    if (found && !this.firstBreak) this.firstBreak = found;
    return found;
  }

  get result(): { intact: boolean; firstBreak: ChainBreak | null; events: number; streams: number } {
    return { intact: this.firstBreak === null, firstBreak: this.firstBreak, events: this.count, streams: this.heads.size };
  }

  /** Each stream's last position and hash seen: what an export's manifest pins. */
  streamHeads(): Map<string, { position: bigint; hash: string }> {
    return new Map([...this.heads].map(([id, head]) => [id, { position: head.position, hash: head.hash.toString('hex') }]));
  }
}

/** One stream's events in order: the index of the first event that breaks the chain, or null. */
export function firstBreakInStream(events: readonly ChainedEvent[]): number | null {
  const walker = new ChainWalker();
  const index = events.findIndex((event) => walker.add(event) !== null);
  return index === -1 ? null : index;
}
