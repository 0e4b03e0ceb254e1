import { hash } from 'node:crypto';
import { chainHash, HASH_BYTES, storedContentHash } from './event-hash';
import type { ChainedEvent, ChainWalker } from './verify-chain';

/**
 * What a thread that read a page itself answers (decision 0053): not the page, only what the walk
 * in log order still needs. Every event whose link the thread checked and found holding, with its
 * position following the one before it, is only counted; the others ("open": each stream's first
 * event in the page, and any that did not hold) come back with their content hash for the walk to
 * check (with the counted event just before one in its stream, where there is one: the walk never
 * saw it, and the link goes on from it); and for each stream whose last event in the page was one
 * of the counted ones, that event, which is where the stream's chain goes on from.
 */
export interface PageCheck {
  events: number;
  open: { streamIds: string[]; positions: bigint[]; hashes: (string | null)[]; contents: Uint8Array; heldBefore: (HeldEvent | null)[] };
  tails: { streamIds: string[]; positions: bigint[]; hashes: string[] };
}

/** A counted event: its position and its stored hash. */
export interface HeldEvent {
  position: bigint;
  hash: string;
}

/**
 * The thread's half. An event is counted as holding when the event before it in its stream is in
 * the page with a stored hash, its position is the next one, and its stored hash is the link over
 * that stored hash, its position and its content: exactly what ChainWalker.add would find there
 * without a break (the walk goes on from stored hashes). Anything else stays open for the walk,
 * which names a break in log order as a walk on one thread does.
 */
export function checkPage(events: readonly ChainedEvent[]): PageCheck {
  const open: PageCheck['open'] = { streamIds: [], positions: [], hashes: [], contents: new Uint8Array(0), heldBefore: [] };
  const openContents: Buffer[] = [];
  /** Each stream's last event so far in the page, and whether it held. */
  const last = new Map<string, { position: bigint; hash: string | null; held: boolean }>();
  for (const event of events) {
    const content = storedContentHash(event);
    const before = last.get(event.streamId);
    const held =
      before !== undefined &&
      !!before.hash &&
      !!event.hash &&
      event.streamPosition === before.position + 1n &&
      linkHolds(before.hash, event.streamPosition, content, event.hash);
    if (!held) {
      open.streamIds.push(event.streamId);
      open.positions.push(event.streamPosition);
      open.hashes.push(event.hash);
      openContents.push(content);
      open.heldBefore.push(before?.held ? { position: before.position, hash: before.hash! } : null);
    }
    last.set(event.streamId, { position: event.streamPosition, hash: event.hash, held });
  }
  // Not from Buffer's shared pool: the bytes are handed over to the main thread, not copied.
  open.contents = new Uint8Array(openContents.length * HASH_BYTES);
  openContents.forEach((content, i) => open.contents.set(content, i * HASH_BYTES));
  const tails: PageCheck['tails'] = { streamIds: [], positions: [], hashes: [] };
  for (const [streamId, tail] of last) {
    if (!tail.held) continue;
    tails.streamIds.push(streamId);
    tails.positions.push(tail.position);
    tails.hashes.push(tail.hash!);
  }
  return { events: events.length, open, tails };
}

/** One link's bytes, reused: the previous hash, the position, the content hash. */
const link = Buffer.allocUnsafeSlow(HASH_BYTES + 8 + HASH_BYTES);

/**
 * chainHash(previous, position, content) as hex, against the stored hex, with one one-shot digest
 * into a reused buffer (the per-event Hash object, buffers and hex copies cost about as much as the
 * content hash). A previous hash that is not 32 bytes of hex takes chainHash itself.
 */
function linkHolds(previous: string, position: bigint, content: Buffer, stored: string): boolean {
  if (previous.length !== 2 * HASH_BYTES || link.write(previous, 0, 'hex') !== HASH_BYTES) {
    return chainHash(Buffer.from(previous, 'hex'), position, content).toString('hex') === stored;
  }
  link.writeBigInt64BE(position, HASH_BYTES);
  content.copy(link, HASH_BYTES + 8);
  return hash('sha256', link, 'hex') === stored;
}

/** The walk's half, pages in log order: the open events through ChainWalker.add (after the counted event before each), then each stream's tail. */
export function walkCheckedPage(walker: ChainWalker, page: PageCheck): void {
  const { open, tails } = page;
  const contents = Buffer.from(open.contents.buffer, open.contents.byteOffset, open.contents.byteLength);
  for (let i = 0; i < open.streamIds.length; i++) {
    const streamId = open.streamIds[i]!;
    const held = open.heldBefore[i];
    if (held) walker.startAfter(streamId, held.position, held.hash);
    const link = { streamId, streamPosition: open.positions[i]!, hash: open.hashes[i]! };
    walker.addLink(link, contents.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES));
  }
  walker.countHeld(page.events - open.streamIds.length);
  tails.streamIds.forEach((streamId, i) => walker.startAfter(streamId, tails.positions[i]!, tails.hashes[i]!));
}
