import { createHash, createPublicKey, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import { EXPORT_FORMAT, type ExportEvent, type ExportHeader, type ExportManifestLine, type ExportStream } from './audit-export-format';
import { ChainWalker, describeBreak } from './verify-chain';
import { keyFingerprint } from './key-fingerprint';

export interface ExportVerification {
  ok: boolean;
  /** Every problem found, in file order; empty when the export is intact and signed. */
  problems: string[];
  eventCount: number;
  streamCount: number;
  /** Events whose data or metadata the file withholds: their links are checked, their content cannot be. */
  withheldCount: number;
  exportId: string | null;
  /** The fingerprint of the key that signed it; whether that key is trusted is `trustedKey`'s to say. */
  keyFingerprint: string | null;
}

const WITHHOLDABLE: readonly unknown[] = ['data', 'metadata'];

/**
 * The digest a withholding event links through, or what is wrong with its withholding: it must name
 * one or both of data and metadata, once each, give those as null, and carry a sha-256 in hex.
 */
function withheldDigest(event: ExportEvent): string | { problem: string } {
  const fields: unknown = event.withheld;
  if (fields === undefined) return { problem: 'withholds nothing' };
  if (!Array.isArray(fields) || fields.length === 0 || new Set(fields).size !== fields.length || !fields.every((f) => WITHHOLDABLE.includes(f))) {
    return { problem: 'withholds something other than its data or metadata' };
  }
  if (fields.some((field: 'data' | 'metadata') => event[field] !== null)) return { problem: 'shows a field it says it withholds' };
  if (typeof event.contentSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(event.contentSha256)) return { problem: 'withholds content without its sha-256' };
  return event.contentSha256;
}

/**
 * Verifies an audit export from its lines alone (no database, no network): the format, the
 * sha-256 of the body, each event's hash against its content and the hash before it, positions
 * without gaps, the manifest's counts and stream heads, and the ed25519 signature over the
 * manifest. With `trustedFingerprint`, the signing key must be that one; otherwise the key in the
 * file is reported, for the auditor to compare with the one the operator published.
 */
export async function verifyAuditExport(lines: AsyncIterable<string> | Iterable<string>, trustedFingerprint?: string): Promise<ExportVerification> {
  const problems: string[] = [];
  const body = createHash('sha256');
  const walker = new ChainWalker();
  const seen = new Map<string, ExportStream>();
  let header: ExportHeader | null = null;
  let closing: ExportManifestLine | null = null;
  let lineNumber = 0;
  let events = 0;
  let withheld = 0;

  for await (const raw of lines) {
    lineNumber++;
    if (raw.trim() === '') continue;
    if (closing) {
      problems.push(`line ${lineNumber}: content after the manifest`);
      break;
    }
    let value: { kind?: string };
    try {
      value = JSON.parse(raw) as { kind?: string };
    } catch {
      problems.push(`line ${lineNumber}: not JSON`);
      continue;
    }
    if (value.kind === 'manifest') {
      closing = value as ExportManifestLine;
      continue;
    }
    body.update(`${raw}\n`);
    if (lineNumber === 1) {
      if (value.kind !== 'header' || (value as ExportHeader).format !== EXPORT_FORMAT) problems.push(`line 1: not a ${EXPORT_FORMAT} header`);
      else header = value as ExportHeader;
      continue;
    }
    if (value.kind !== 'event') {
      problems.push(`line ${lineNumber}: unexpected ${String(value.kind)} line`);
      continue;
    }
    const event = value as ExportEvent;
    events++;
    const position = BigInt(event.streamPosition);
    const stream = seen.get(event.streamId);
    if (!stream) {
      // A stream may start part-way: it then chains to the previous hash the line carries.
      if (position > 0n) {
        if (event.previousHash) walker.startAfter(event.streamId, position - 1n, event.previousHash);
        else problems.push(`line ${lineNumber}: ${event.streamId} starts at position ${position} with no previous hash`);
      }
      seen.set(event.streamId, {
        streamId: event.streamId,
        firstPosition: event.streamPosition,
        lastPosition: event.streamPosition,
        count: 1,
        headHash: event.hash,
      });
    } else {
      if (event.previousHash !== stream.headHash) problems.push(`line ${lineNumber}: ${event.streamId} ${position} does not name the hash before it`);
      Object.assign(stream, { lastPosition: event.streamPosition, count: stream.count + 1, headHash: event.hash });
    }
    const digest = withheldDigest(event);
    if (event.withheld !== undefined) {
      withheld++;
      if (typeof digest !== 'string') problems.push(`line ${lineNumber}: ${digest.problem}`);
    } else if (event.contentSha256 !== undefined) {
      problems.push(`line ${lineNumber}: a content sha-256 on an event that withholds nothing`);
    }
    // Only a well-formed withholding links through the digest; anything else is checked by its content.
    const broken = walker.add({ ...event, streamPosition: position, contentSha256: typeof digest === 'string' ? digest : undefined });
    if (broken) problems.push(`line ${lineNumber}: ${describeBreak(broken)}`);
  }

  if (!header && lineNumber > 0 && !problems.some((p) => p.startsWith('line 1'))) problems.push('no header line');
  if (!closing) {
    problems.push('no manifest: the export is cut short');
    return {
      ok: false,
      problems,
      eventCount: events,
      streamCount: seen.size,
      withheldCount: withheld,
      exportId: header?.exportId ?? null,
      keyFingerprint: null,
    };
  }
  const { manifest, signature } = closing;
  if (manifest.bodySha256 !== body.digest('hex')) problems.push('the body does not match the manifest (lines edited, added, removed or moved)');
  if (manifest.eventCount !== events) problems.push(`the manifest counts ${manifest.eventCount} events; the file holds ${events}`);
  if (manifest.streamCount !== seen.size) problems.push(`the manifest counts ${manifest.streamCount} streams; the file holds ${seen.size}`);
  if (header && manifest.exportId !== header.exportId) problems.push('the manifest is for another export');
  for (const pinned of manifest.streams ?? []) {
    const found = seen.get(pinned.streamId);
    if (!found) problems.push(`${pinned.streamId}: in the manifest, not in the file`);
    else if (JSON.stringify(found) !== JSON.stringify(pinned)) problems.push(`${pinned.streamId}: positions, count or head hash differ from the manifest`);
  }

  let signedBy: string | null = null;
  try {
    signedBy = keyFingerprint(signature.publicKeyPem);
    const valid = verify(null, Buffer.from(canonicalize(manifest)!), createPublicKey(signature.publicKeyPem), Buffer.from(signature.value, 'base64'));
    if (!valid) problems.push('the signature does not match the manifest');
    if (signedBy !== signature.keyFingerprint) problems.push('the stated key fingerprint is not the key given');
  } catch (error) {
    problems.push(`the signature cannot be checked: ${(error as Error).message}`);
  }
  if (trustedFingerprint && signedBy !== trustedFingerprint)
    problems.push(`signed by ${signedBy ?? 'an unreadable key'}, not the trusted key ${trustedFingerprint}`);
  return {
    ok: problems.length === 0,
    problems,
    eventCount: events,
    streamCount: seen.size,
    withheldCount: withheld,
    exportId: header?.exportId ?? null,
    keyFingerprint: signedBy,
  };
}
