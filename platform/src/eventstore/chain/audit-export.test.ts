import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '../event-store';
import { AuditExportWriter, type ExportSigner } from './audit-export-writer';
import { verifyAuditExport } from './verify-audit-export';
import { chainHash, contentHash } from './event-hash';
import { keyFingerprint } from './key-fingerprint';

function signer(): ExportSigner {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, fingerprint: keyFingerprint(publicKeyPem), sign: (message) => sign(null, Buffer.from(message), privateKey).toString('base64') };
}

/** A stream of `count` chained events, as a store would read them back. */
function stream(streamId: string, count: number): RecordedEvent[] {
  let previous: Buffer | null = null;
  return Array.from({ length: count }, (_, n) => {
    const event = {
      streamId,
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      type: n === 0 ? 'OrderPlaced' : 'ProofUploaded',
      data: { n, note: 'ü' },
      metadata: { actor: { id: 'u1', role: 'customer' }, ip: '203.0.113.9' },
    };
    const hash = chainHash(previous, BigInt(n), contentHash(event));
    previous = hash;
    return {
      ...event,
      streamPosition: BigInt(n),
      globalPosition: `1/${n}` as GlobalPosition,
      recordedAt: new Date(Date.UTC(2026, 10, 23, 12, n)),
      hash: hash.toString('hex'),
    } as RecordedEvent;
  });
}

function exportOf(events: RecordedEvent[], key = signer(), before: string | null = null, withheld: ('data' | 'metadata')[][] = []): string[] {
  const writer = new AuditExportWriter({
    exportId: 'e1',
    createdAt: '2026-11-23T12:00:00.000Z',
    createdBy: { id: 'c1', role: 'compliance' },
    scope: { orderIds: ['a'] },
  });
  const text = writer.start() + events.map((e, i) => writer.event(e, i === 0 ? before : null, withheld[i] ?? [])).join('') + writer.finish(key);
  return text.trimEnd().split('\n');
}

/** The file as someone holding the key would sign it after editing its lines: body digest and signature made again. */
function resigned(lines: string[], key: ExportSigner): string[] {
  const body = lines.slice(0, -1);
  const closing = JSON.parse(lines[lines.length - 1]!);
  closing.manifest.bodySha256 = createHash('sha256')
    .update(body.map((line) => `${line}\n`).join(''))
    .digest('hex');
  closing.signature.value = key.sign(canonicalize(closing.manifest)!);
  return [...body, JSON.stringify(closing)];
}

describe('audit exports', () => {
  const events = [...stream('order-a', 4), ...stream('order-b', 3)];

  it('verifies an export as written, and names the key that signed it', async () => {
    const lines = exportOf(events);
    const result = await verifyAuditExport(lines);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ eventCount: 7, streamCount: 2, exportId: 'e1' });
    expect(result.keyFingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('finds an event whose data was edited', async () => {
    const lines = exportOf(events);
    lines[3] = lines[3]!.replace('"n":2', '"n":20');
    const result = await verifyAuditExport(lines);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/order-a: event at position 2 does not match its hash/);
    expect(result.problems.join('\n')).toMatch(/body does not match the manifest/);
  });

  it('finds a deleted event, even the last of a stream', async () => {
    const lines = exportOf(events);
    lines.splice(4, 1); // order-a's last event
    const result = await verifyAuditExport(lines);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/manifest counts 7 events; the file holds 6/);
    expect(result.problems.join('\n')).toMatch(/order-a: positions, count or head hash differ/);
  });

  it('finds two events swapped', async () => {
    const lines = exportOf(events);
    [lines[2], lines[3]] = [lines[3]!, lines[2]!];
    const result = await verifyAuditExport(lines);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/order-a: event at position 2 follows position 0/);
  });

  it('finds a manifest re-signed by another key when the auditor pinned the operator key', async () => {
    const operator = signer();
    expect((await verifyAuditExport(exportOf(events, operator), operator.fingerprint)).ok).toBe(true);
    const forged = exportOf(events.slice(0, 3));
    const result = await verifyAuditExport(forged, operator.fingerprint);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/not the trusted key/);
  });

  it('finds a manifest edited after signing, and an export cut short', async () => {
    const lines = exportOf(events);
    const edited = [...lines];
    edited[edited.length - 1] = edited[edited.length - 1]!.replace('"eventCount":7', '"eventCount":8');
    expect((await verifyAuditExport(edited)).problems.join('\n')).toMatch(/signature does not match/);
    expect((await verifyAuditExport(lines.slice(0, -1))).problems).toContain('no manifest: the export is cut short');
  });

  it('links an event whose fields are withheld through its content digest, and no withholding that does not hold', async () => {
    const key = signer();
    const lines = exportOf(events.slice(0, 4), key, null, [[], ['metadata'], ['data', 'metadata']]);
    expect(JSON.parse(lines[3]!)).toMatchObject({
      data: null,
      metadata: null,
      withheld: ['data', 'metadata'],
      contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await verifyAuditExport(lines, key.fingerprint)).toMatchObject({ ok: true, problems: [], eventCount: 4, withheldCount: 2 });
    const edit = (line: number, change: (event: Record<string, unknown>) => void) =>
      resigned(
        lines.map((text, i) => {
          if (i !== line) return text;
          const event = JSON.parse(text);
          change(event);
          return JSON.stringify(event);
        }),
        key,
      );
    const problems = async (edited: string[]) => (await verifyAuditExport(edited, key.fingerprint)).problems.join('\n');
    // Each of these is signed with the operator's key, as only its holder could: the lines themselves must not hold.
    expect(await problems(edit(3, (e) => (e.contentSha256 = 'ab'.repeat(32))))).toMatch(/order-a: event at position 2 does not match its hash/);
    expect(await problems(edit(1, (e) => Object.assign(e, { withheld: [], contentSha256: contentHash(events[0]!).toString('hex'), data: { n: 9 } })))).toMatch(
      /withholds something other than its data or metadata/,
    );
    expect(await problems(edit(2, (e) => Object.assign(e, { withheld: ['metadata'], metadata: { ip: '10.0.0.1' } })))).toMatch(
      /shows a field it says it withholds/,
    );
    expect(await problems(edit(2, (e) => (e.contentSha256 = 12345)))).toMatch(/withholds content without its sha-256/);
    expect(await problems(edit(1, (e) => (e.contentSha256 = 'ab'.repeat(32))))).toMatch(/a content sha-256 on an event that withholds nothing/);
  });

  it('follows a stream that starts part-way from the hash it chains to', async () => {
    const tail = stream('order-c', 5).slice(2);
    const before = stream('order-c', 5)[1]!.hash;
    const lines = exportOf(tail, signer(), before);
    expect((await verifyAuditExport(lines)).problems).toEqual([]);
    const wrong = exportOf(tail, signer(), 'ab'.repeat(32));
    expect((await verifyAuditExport(wrong)).problems.join('\n')).toMatch(/order-c: event at position 2 does not match/);
  });
});
