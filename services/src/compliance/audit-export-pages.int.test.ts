import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { verifyAuditExport } from '@desk/platform/eventstore/chain/verify-audit-export';
import { eventStoreTestWith } from '@desk/platform/testing/event-store-test';
import { testEvents, uniqueStream } from '../../../tests/support/event-factory';
import { AuditExports, type ExportRecord } from './audit-exports';
import { loadSigningKey } from './signing-key';

const it = eventStoreTestWith({ poolSize: 4 });

/** The export file read a page a statement (review 18: a range of 100,000 events was one statement). */
describe('an audit export read in pages', () => {
  it('reads a range a page a statement, and writes the file it writes from one read', async ({ eventStore }) => {
    const streamId = uniqueStream();
    await eventStore.append(streamId, testEvents(7), { expected: 'no_stream' });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'audit-pages-'));
    try {
      const key = loadSigningKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), dir, 'test');
      // Positions 2 to 6: the file chains its first to the hash of position 1, read first.
      const record: ExportRecord = {
        id: randomUUID(),
        createdBy: randomUUID(),
        createdAt: new Date('2026-11-28T06:00:00Z'),
        request: { from: '2026-11-28T00:00:00Z', to: '2026-11-28T23:00:00Z' },
        ranges: [{ streamId, first: '2', last: '6' }],
        eventCount: 5,
        streamCount: 1,
      };
      const linesOf = async (pageSize: number) => {
        // The operator's officer: nothing withheld, so the read models and the services' database are not asked.
        const exports = new AuditExports(eventStore, {} as Kysely<any>, {} as Kysely<any>, key, pageSize);
        const lines: string[] = [];
        for await (const line of exports.lines(record, 'compliance', { kind: 'all_brands' })) lines.push(line);
        return lines;
      };
      const read = vi.spyOn(eventStore, 'readStream');
      const whole = await linesOf(5_000);
      const wholeReads = read.mock.calls.length;
      read.mockClear();
      const paged = await linesOf(2);
      expect(wholeReads).toBe(1);
      // From position 1 (the link's start) to 6, two at a time.
      expect(read.mock.calls.map(([, options]) => [options?.fromRevision, options?.maxCount])).toEqual([
        [1n, 2],
        [3n, 2],
        [5n, 2],
      ]);
      read.mockRestore();
      expect(paged).toEqual(whole);
      const verified = await verifyAuditExport(paged.join('').trimEnd().split('\n'), key.fingerprint);
      expect({ ok: verified.ok, problems: verified.problems, events: verified.eventCount }).toEqual({ ok: true, problems: [], events: 5 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
