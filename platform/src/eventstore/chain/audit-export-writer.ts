import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { RecordedEvent } from '../event-store';
import {
  EXPORT_FORMAT,
  exportEvent,
  type ExportHeader,
  type ExportManifest,
  type ExportSignature,
  type ExportStream,
  type WithheldField,
} from './audit-export-format';

export interface ExportSigner {
  publicKeyPem: string;
  fingerprint: string;
  sign(message: string): string;
}

/**
 * Writes an export line by line, so an export of any size streams: it hashes each line as it goes
 * and keeps one entry per stream, then signs the manifest at the end. Events of a stream must come
 * in order; a stream's first event may be given the stored hash it chains to (an export of a time
 * window starts part-way into a stream).
 */
export class AuditExportWriter {
  private readonly body = createHash('sha256');
  private readonly streams = new Map<string, ExportStream>();
  private eventCount = 0;

  constructor(private readonly header: Omit<ExportHeader, 'kind' | 'format'>) {}

  start(): string {
    return this.line({ kind: 'header', format: EXPORT_FORMAT, ...this.header });
  }

  /**
   * `before`: the stored hash a stream's first exported event chains to (null at position 0);
   * `withheld`: the fields this reader may not see (audit-export-format.ts).
   */
  event(event: RecordedEvent, before: string | null = null, withheld: readonly WithheldField[] = []): string {
    const stream = this.streams.get(event.streamId);
    const previousHash = stream ? stream.headHash : before;
    const position = event.streamPosition.toString();
    if (stream) Object.assign(stream, { lastPosition: position, count: stream.count + 1, headHash: event.hash });
    else this.streams.set(event.streamId, { streamId: event.streamId, firstPosition: position, lastPosition: position, count: 1, headHash: event.hash });
    this.eventCount++;
    return this.line(exportEvent(event, previousHash, withheld));
  }

  finish(signer: ExportSigner): string {
    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      exportId: this.header.exportId,
      createdAt: this.header.createdAt,
      eventCount: this.eventCount,
      streamCount: this.streams.size,
      streams: [...this.streams.values()],
      bodySha256: this.body.digest('hex'),
    };
    const signature: ExportSignature = {
      algorithm: 'ed25519',
      keyFingerprint: signer.fingerprint,
      publicKeyPem: signer.publicKeyPem,
      value: signer.sign(canonicalize(manifest)!),
    };
    return `${JSON.stringify({ kind: 'manifest', manifest, signature })}\n`;
  }

  private line(value: unknown): string {
    const text = `${JSON.stringify(value)}\n`;
    this.body.update(text);
    return text;
  }
}
