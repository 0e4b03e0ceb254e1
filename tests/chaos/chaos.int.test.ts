/**
 * The short chaos run (npm run chaos -- --short): the compose topology as processes under a steady
 * workload of customers placing and paying and an admin completing, every fault injected at least
 * once (an API killed mid-request, the active projector killed, PostgreSQL fast-restarted, the
 * network to PostgreSQL partitioned, Redis restarted, the worker stopped, the file storage full), then: every acknowledged command in the
 * store exactly once, read models equal to a rebuild, the audit chain verifying, the live stream
 * missing nothing. The seed is printed; a failure replays with `npm run chaos -- --short --seed N`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, SHORT_RUN } from './chaos-options';
import { faultTableMarkdown } from './fault-report';
import { duplicated, failuresDuring, findings, lost, unsettledCommands } from './reliability-doc';
import { runChaos, type ChaosResult } from './run-chaos';
import { freshSeed } from './seeded-random';

describe('the short chaos run', () => {
  const seed = freshSeed();
  const lines: string[] = [];
  let result: ChaosResult;

  beforeAll(async () => {
    result = await runChaos({ ...SHORT_RUN, seed }, (line) => lines.push(line));
  }, 300_000);

  afterAll(() => {
    process.stdout.write(`chaos (seed ${seed}):\n${result ? `${faultTableMarkdown(result.rows)}\n${findings(result).join('\n')}` : lines.join('\n')}\n`);
  });

  it(`injects every fault, and each recovers (seed ${seed})`, () => {
    for (const fault of FAULTS) expect(result.injections.filter((i) => i.fault === fault).length, fault).toBeGreaterThanOrEqual(1);
    expect(result.injections.filter((i) => i.recoveredAt === null)).toEqual([]);
  });

  it('keeps the work going: orders placed, paid and completed, some of them after each fault', () => {
    const kinds = new Set(result.record.acknowledged.map((a) => a.kind));
    expect([...kinds].sort()).toEqual(['complete', 'place', 'upload']);
    // A failure names the commands that never settled (a key held to the end stops its customer).
    for (const i of result.injections)
      expect(
        result.record.acknowledged.some((a) => a.sentAt >= i.restoredAt),
        `${i.fault}; unsettled: ${unsettledCommands(result).join(' | ') || 'none'}`,
      ).toBe(true);
  });

  it('loses no acknowledged command and carries none out twice', () => {
    expect(result.checks.store.discrepancies).toEqual([]);
    expect([lost(result), duplicated(result)]).toEqual([0, 0]);
    expect(result.checks.store.completedTwice).toEqual([]);
    expect(result.checks.overLimits).toEqual([]);
  });

  it('settles every command, but for a key a killed request still holds; refuses none for a fault', () => {
    // The short drain is shorter than the minute a dead request's claim is held (chaos-options.ts).
    expect(result.record.unsettled.filter((u) => u.last !== '409 idempotency_in_progress')).toEqual([]);
    expect(Object.fromEntries(result.record.refused)).toEqual({});
  });

  it('answers no 500 under any fault: a store away or full is a 503 to retry', () => {
    expect(result.tally.serverErrors.map((e) => `${e.method} ${e.path}: ${e.body}`)).toEqual([]);
  });

  it('really filled the storage: uploads were refused while it was full, and taken again after', () => {
    const during = [...(failuresDuring(result).get('storage-full')?.keys() ?? [])];
    expect(during.filter((label) => label.endsWith('(upload)') && !label.startsWith('no answer') && !label.startsWith('409'))).not.toEqual([]);
    expect(during).toContain('503 storage_full (upload)');
    const full = result.injections.find((i) => i.fault === 'storage-full')!;
    expect(result.record.acknowledged.some((a) => a.kind === 'upload' && a.sentAt >= full.restoredAt)).toBe(true);
  });

  it('answers within its bounds while the network to PostgreSQL is partitioned: 503 to retry', () => {
    const during = [...(failuresDuring(result).get('postgres-partition')?.keys() ?? [])];
    // The API's connect and answer bounds (decision 0061) answer within the 9 s partition; without
    // them requests wait it out and succeed after (review 19 ran it with the answer bound at 600 s:
    // this failed). That the work goes on after each fault is the test above.
    expect(
      during.some((label) => label.startsWith('503 unavailable')),
      during.join(' | '),
    ).toBe(true);
  });

  it('builds the same read models again from the events', () => {
    expect(result.checks.rebuildTables).toBeGreaterThan(5);
    expect(result.checks.rebuildDiffers).toEqual([]);
  });

  it('keeps an audit hash chain that verifies', () => {
    expect(result.checks.auditVerified, result.checks.auditOutput).toBe(true);
  });

  it('delivers every change to the live stream held through the faults', () => {
    expect(result.checks.live.changes).toBeGreaterThan(0);
    expect(result.checks.live.reconnects).toBeGreaterThanOrEqual(1);
    expect({ missed: result.checks.live.missed, resets: result.checks.live.resets }).toEqual({ missed: 0, resets: 0 });
  });
});
