import { FAULTS, type FaultName } from './chaos-options';
import type { Injection } from './fault-injectors';
import type { Discrepancy } from './store-checks';
import type { Acknowledged } from './workload';

/** One line of the table: a fault and what the work around it came to. */
export interface FaultRow {
  fault: FaultName | 'none';
  injected: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Recovery times (ms), one per injection that recovered; `notRecovered` counts the others. */
  recoveries: number[];
  notRecovered: number;
}

/**
 * How long each injection took to recover, from its injection: to what the injector itself saw
 * (a killed API serving its readiness probe again, the standby holding the orders projection), or
 * else to the answer of the first command acknowledged through the proxy that was sent after the
 * cause was taken away (PostgreSQL or Redis started again, the worker resumed, space given back;
 * for a full storage, the first upload).
 */
export function recoveryTimes(injections: Injection[], acknowledged: Acknowledged[]): Injection[] {
  return injections.map((injection) => {
    if (injection.recoveredAt !== null) return injection;
    const next = acknowledged
      .filter((a) => a.sentAt >= injection.restoredAt && (injection.fault !== 'storage-full' || a.kind === 'upload'))
      .reduce<number | null>((first, a) => (first === null || a.answeredAt < first ? a.answeredAt : first), null);
    return { ...injection, recoveredAt: next };
  });
}

/** Each command, lost or duplicated command falls under the last fault injected before it was sent ('none' before the first). */
export function faultTable(injections: Injection[], acknowledged: Acknowledged[], discrepancies: Discrepancy[]): FaultRow[] {
  const sorted = [...injections].sort((a, b) => a.injectedAt - b.injectedAt);
  const under = (at: number): FaultName | 'none' => sorted.filter((i) => i.injectedAt <= at).at(-1)?.fault ?? 'none';
  const rows = new Map<FaultName | 'none', FaultRow>(
    (['none', ...FAULTS] as const).map((fault) => [fault, { fault, injected: 0, acknowledged: 0, lost: 0, duplicated: 0, recoveries: [], notRecovered: 0 }]),
  );
  for (const i of injections) {
    const row = rows.get(i.fault)!;
    row.injected++;
    if (i.recoveredAt === null) row.notRecovered++;
    else row.recoveries.push(i.recoveredAt - i.injectedAt);
  }
  for (const a of acknowledged) rows.get(under(a.sentAt))!.acknowledged++;
  for (const d of discrepancies) rows.get(under(d.at))![d.problem]++;
  return [...rows.values()].filter((r) => r.fault === 'none' || r.injected > 0);
}

/** The nearest-rank percentile, in ms. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);

/** The table, in markdown (the terminal prints it as is). */
export function faultTableMarkdown(rows: FaultRow[]): string {
  const lines = ['| Fault | Injected | Acknowledged | Lost | Duplicated | Recovery p50 | Recovery p99 |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const recovery = (p: number) => (r.fault === 'none' ? '–' : seconds(percentile(r.recoveries, p)) + (r.notRecovered ? ` (${r.notRecovered} never)` : ''));
    lines.push(
      `| ${r.fault === 'none' ? 'before the first fault' : r.fault} | ${r.fault === 'none' ? '–' : r.injected} | ${r.acknowledged} | ${r.lost} | ${r.duplicated} | ${recovery(50)} | ${recovery(99)} |`,
    );
  }
  return lines.join('\n');
}
