import type { RecordedEvent } from '../event-store';
import { contentHash } from './event-hash';

/**
 * An audit export is JSON lines: a header, the events (each stream's in order, with the hash each
 * chains to and its own), then a manifest signed with the operator's ed25519 key. The manifest
 * pins what a reader cannot otherwise know is complete: the counts, each stream's first and last
 * position and head hash, and a sha-256 of every line before it. docs/compliance.md describes it
 * for auditors who verify with their own tools.
 */
export const EXPORT_FORMAT = 'usdt-desk-audit-export/1';

export interface ExportHeader {
  kind: 'header';
  format: typeof EXPORT_FORMAT;
  exportId: string;
  createdAt: string;
  createdBy: { id: string; role: string };
  /** What was asked for: order ids, or a time window and brand. */
  scope: Record<string, unknown>;
}

export interface ExportEvent {
  kind: 'event';
  streamId: string;
  /** A decimal string: positions are 64-bit. */
  streamPosition: string;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
  /** The hash of the event before it in its stream; null for a stream's first event. */
  previousHash: string | null;
  hash: string;
  /**
   * Fields withheld from this reader (given as null): another brand's event on a stream brands
   * share (`data` and `metadata`), or the operator's staff acting on a brand's order (`metadata`:
   * who, from where). The chain still links through `contentSha256`, the content's digest.
   */
  withheld?: ('data' | 'metadata')[];
  contentSha256?: string;
}

export type WithheldField = NonNullable<ExportEvent['withheld']>[number];

export interface ExportStream {
  streamId: string;
  firstPosition: string;
  lastPosition: string;
  count: number;
  headHash: string;
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  exportId: string;
  createdAt: string;
  eventCount: number;
  streamCount: number;
  streams: ExportStream[];
  /** sha-256 (hex) of the header and event lines, each with its newline. */
  bodySha256: string;
}

export interface ExportSignature {
  algorithm: 'ed25519';
  keyFingerprint: string;
  publicKeyPem: string;
  /** base64 signature over the JCS encoding of the manifest. */
  value: string;
}

export interface ExportManifestLine {
  kind: 'manifest';
  manifest: ExportManifest;
  signature: ExportSignature;
}

export function exportEvent(event: RecordedEvent, previousHash: string | null, withheld: readonly WithheldField[] = []): ExportEvent {
  const line: ExportEvent = {
    kind: 'event',
    streamId: event.streamId,
    streamPosition: event.streamPosition.toString(),
    eventId: event.eventId,
    type: event.type,
    data: withheld.includes('data') ? null : event.data,
    metadata: withheld.includes('metadata') ? null : event.metadata,
    recordedAt: event.recordedAt.toISOString(),
    previousHash,
    hash: event.hash,
  };
  if (withheld.length > 0) Object.assign(line, { withheld: [...withheld], contentSha256: contentHash(event).toString('hex') });
  return line;
}
