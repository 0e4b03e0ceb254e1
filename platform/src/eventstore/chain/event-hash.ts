import { createHash, hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { parsedCanonicalJson, plainCanonicalJson } from './canonical-json';

/**
 * The tamper-evident chain over each stream (docs/compliance.md). Every event's hash covers its
 * content and its place, and the hash of the event before it:
 *
 *   content = JCS (RFC 8785) of { streamId, eventId, type, data, metadata }
 *   hash(n) = sha256( hash(n-1) || int64-be(n) || sha256(content) ),   hash(-1) = 32 zero bytes
 *
 * JCS fixes key order, spacing and number spelling, so anyone can recompute the hash from an event
 * as exported, in any language. The content hash is computed here; the chaining step is one
 * sha256 the PostgreSQL adapter does inside the INSERT (the previous hash is read in the same
 * statement), which is what keeps an append a single round trip.
 */
export interface ChainContent {
  streamId: string;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export const HASH_BYTES = 32;
/** What the first event of a stream chains to. */
export const GENESIS_HASH = Buffer.alloc(HASH_BYTES);

/**
 * The canonical text of an event. Data and metadata are taken as the store keeps them, after a JSON
 * round trip (undefined fields dropped, dates as strings), so the hash recomputed from a stored or
 * exported event matches the one computed before the write. Plain JSON, nearly every event, takes
 * the fast encoder; anything else the library, through the round trip itself.
 */
export function canonicalContent(event: ChainContent): string {
  return encodedContent(event, plainCanonicalJson) ?? libraryContent(event);
}

/**
 * The text `libraryContent` gives, written directly with `encode` (null where it does not handle a
 * value): its keys in JCS order (data, eventId, metadata, streamId, type).
 */
function encodedContent(event: ChainContent, encode: (value: unknown) => string | null): string | null {
  const data = event.data === undefined ? 'null' : encode(event.data);
  const metadata = event.metadata === undefined ? 'null' : encode(event.metadata);
  // The library takes these as they are, without the round trip: only strings are written alike.
  const text = (value: unknown) => (typeof value === 'string' ? encode(value) : null);
  const streamId = text(event.streamId);
  const eventId = text(event.eventId);
  const type = text(event.type);
  if (data === null || metadata === null || streamId === null || eventId === null || type === null) return null;
  return `{"data":${data},"eventId":${eventId},"metadata":${metadata},"streamId":${streamId},"type":${type}}`;
}

/** The reference: the JSON round trip, then the canonicalize library. */
export function libraryContent(event: ChainContent): string {
  const stored = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
  const text = canonicalize({
    streamId: event.streamId,
    eventId: event.eventId,
    type: event.type,
    data: stored(event.data),
    metadata: stored(event.metadata),
  });
  if (text === undefined) throw new Error('an event cannot be encoded canonically');
  return text;
}

export function contentHash(event: ChainContent): Buffer {
  // The one-shot form: a Hash object per event cost more than the digest itself.
  return hash('sha256', canonicalContent(event), 'buffer');
}

/**
 * contentHash of an event read back from a store, whose data and metadata JSON.parse gave (or a
 * copy of them): the verifying walks hash every stored event, and such values take the leaner
 * encoder (parsedCanonicalJson). Anything it does not handle takes contentHash's own path, so the
 * hash is contentHash's for any event.
 */
export function storedContentHash(event: ChainContent): Buffer {
  return hash('sha256', encodedContent(event, parsedCanonicalJson) ?? canonicalContent(event), 'buffer');
}

/** One link: the previous hash (null at a stream's start), this event's position, its content hash. */
export function chainHash(previous: Buffer | null, position: bigint, content: Buffer): Buffer {
  const place = Buffer.alloc(8);
  place.writeBigInt64BE(position);
  return createHash('sha256')
    .update(previous ?? GENESIS_HASH)
    .update(place)
    .update(content)
    .digest();
}
