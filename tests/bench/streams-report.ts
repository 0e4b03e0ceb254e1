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
  ended: number;
  loadAverage: string;
}

/** How many open streams may see a change of `change`'s customer: their own, their brand's admins, the operator's. */
export function expectedReceivers(change: MadeChange, held: readonly SeededViewer[]): number {
  let count = 0;
  for (const v of held) {
    if (v.kind === 'operator_admin' || (v.kind === 'brand_admin' && v.tenantId === change.tenantId) || v.userId === change.userId) count++;
  }
  return count;
}

const spread = (sorted: number[]) => ({
  p50: +percentile(sorted, 0.5).toFixed(1),
  p99: +percentile(sorted, 0.99).toFixed(1),
  max: +(sorted[sorted.length - 1] ?? 0).toFixed(1),
});

/** Each change's receipts against when its command was answered and when the projection wrote it to the feed. */
export function deliveryFigures(changes: ReadonlyMap<string, MadeChange>, arrivals: Arrivals, held: readonly SeededViewer[]) {
  const fromAnswer: number[] = [];
  const fromChange: number[] = [];
  let missed = 0;
  let extra = 0;
  for (const [key, change] of changes) {
    const times = arrivals.times[key] ?? [];
    const expected = expectedReceivers(change, held);
    missed += Math.max(0, expected - times.length);
    extra += Math.max(0, times.length - expected);
    const changedAt = arrivals.changedAt[key];
    for (const at of times) {
      fromAnswer.push(at - change.answeredAt);
      if (changedAt !== undefined) fromChange.push(at - changedAt);
    }
  }
  fromAnswer.sort((a, b) => a - b);
  fromChange.sort((a, b) => a - b);
  return { deliveries: fromAnswer.length, missed, extra, fromAnswer: spread(fromAnswer), fromChange: spread(fromChange) };
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
    `${f.deliveries.toLocaleString('en-US')} (missed ${f.missed}, extra ${f.extra})`,
    `${f.fromAnswer.p50} / ${f.fromAnswer.p99} / ${f.fromAnswer.max}`,
    `${f.fromChange.p50} / ${f.fromChange.p99} / ${f.fromChange.max}`,
    `${kb(f.memoryPerStream.rssBytes)} / ${kb(f.memoryPerStream.heapBytes)}`,
    `${pct(f.apiCpuShare)} (projector ${pct(f.projectorCpuShare)}, bench ${pct(f.benchCpuShare)})`,
    f.eventLoopP99Ms.toFixed(1),
    f.fromAnswer.p99 < 250 && f.missed === 0 && f.extra === 0 ? 'met' : 'not met',
    `${machine}; load ${f.loadAverage}`,
  ].join(' | ');
}
