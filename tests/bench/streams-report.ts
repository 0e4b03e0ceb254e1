import os from 'node:os';
import { percentile } from './http-client';
import type { MadeChange } from './streams-load';
import type { SeededViewer } from './streams-seed';
import type { Arrivals } from './streams-holder';

export interface StepFigures {
  streams: number;
  changes: number;
  changesPerSecond: number;
  deliveries: number;
  /** Deliveries the open streams should have had and did not (0 when every viewer got every change it may see). */
  missed: number;
  /** Deliveries to streams that should not have had them (a viewer outside the change's scope): 0. */
  extra: number;
  /** A stream's earlier change of an order it got only as the later one (projected in one batch). */
  coalesced: number;
  /** From the command's answer to each stream's receipt, ms. */
  fromAnswer: { p50: number; p99: number; max: number };
  /** From the change's row in the feed (order_changes.changed_at: the projection's transaction, which commits it) to each receipt, ms. */
  fromChange: { p50: number; p99: number; max: number };
  memoryPerStream: { rssBytes: number; heapBytes: number };
  apiCpuShare: number;
  projectorCpuShare: number;
  benchCpuShare: number;
  eventLoopP99Ms: number;
  commandFailures: number;
  resets: number;
  duplicates: number;
  ended: number;
  loadAverage: string;
}

/** Whether the viewer may see a change of `change`'s customer: their own, their brand's admins, the operator's. */
const maySee = (v: SeededViewer, change: MadeChange) =>
  v.kind === 'operator_admin' || (v.kind === 'brand_admin' && v.tenantId === change.tenantId) || v.userId === change.userId;

const spread = (sorted: number[]) => ({
  p50: +percentile(sorted, 0.5).toFixed(1),
  p99: +percentile(sorted, 0.99).toFixed(1),
  max: +(sorted[sorted.length - 1] ?? 0).toFixed(1),
});

/**
 * Each change's receipts against when its command was answered and when the projection wrote it to
 * the feed; and against who may see it: every stream that may gets it (else `missed`), and no other
 * stream (else `extra`, with a few `examples`). Stream n is held[n]. The feed has one row per order
 * per projection batch, its state after the batch (order-changes.ts): a placement and its rejection
 * projected together reach the streams as the rejection alone, so a stream that got a later change
 * of the same order has not missed the earlier one (`coalesced` counts those).
 */
export function deliveryFigures(changes: ReadonlyMap<string, MadeChange>, arrivals: Arrivals, held: readonly SeededViewer[]) {
  const fromAnswer: number[] = [];
  const fromChange: number[] = [];
  const examples: string[] = [];
  let missed = 0;
  let extra = 0;
  let coalesced = 0;
  const receivers = (key: string) => new Set(arrivals.streams[key] ?? []);
  for (const [key, change] of changes) {
    const received = receivers(key);
    const orderId = key.slice(0, key.indexOf('|'));
    const later = [...changes]
      .filter(([other, c]) => other !== key && other.startsWith(`${orderId}|`) && c.answeredAt > change.answeredAt)
      .map(([other]) => receivers(other));
    held.forEach((viewer, n) => {
      const count = received.has(n) ? 1 : 0;
      const allowed = maySee(viewer, change) ? 1 : 0;
      if (allowed && count === 0 && later.some((r) => r.has(n))) coalesced++;
      else if (allowed && count === 0) missed++;
      if (count > allowed) {
        extra += count - allowed;
        if (examples.length < 5) examples.push(`${key} (brand ${change.tenantId}) ${count}× to stream ${n}, a ${viewer.kind} of ${viewer.tenantId}`);
      }
    });
    const changedAt = arrivals.changedAt[key];
    for (const at of arrivals.times[key] ?? []) {
      fromAnswer.push(at - change.answeredAt);
      if (changedAt !== undefined) fromChange.push(at - changedAt);
    }
  }
  fromAnswer.sort((a, b) => a - b);
  fromChange.sort((a, b) => a - b);
  return { deliveries: fromAnswer.length, missed, extra, coalesced, examples, fromAnswer: spread(fromAnswer), fromChange: spread(fromChange) };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pct = (share: number) => `${Math.round(share * 100)} %`;

/** The row's cells after the date (docs/performance.md, "Live-stream capacity"). */
export function rowCells(f: StepFigures, machine: string): string {
  return [
    f.streams.toLocaleString('en-US'),
    `${f.changesPerSecond.toFixed(1)} (${f.changes})`,
    `${f.deliveries.toLocaleString('en-US')} (missed ${f.missed}, extra ${f.extra}, twice ${f.duplicates}; coalesced ${f.coalesced})`,
    `${f.fromAnswer.p50} / ${f.fromAnswer.p99} / ${f.fromAnswer.max}`,
    `${f.fromChange.p50} / ${f.fromChange.p99} / ${f.fromChange.max}`,
    `${kb(f.memoryPerStream.rssBytes)} / ${kb(f.memoryPerStream.heapBytes)}`,
    `${pct(f.apiCpuShare)} (projector ${pct(f.projectorCpuShare)}, bench ${pct(f.benchCpuShare)})`,
    f.eventLoopP99Ms.toFixed(1),
    f.fromAnswer.p99 < 250 && f.missed === 0 && f.extra === 0 && f.duplicates === 0 ? 'met' : 'not met',
    `${machine}; load ${f.loadAverage}`,
  ].join(' | ');
}
