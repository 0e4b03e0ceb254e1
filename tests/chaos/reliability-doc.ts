import os from 'node:os';
import type { ChaosResult } from './run-chaos';
import { faultTableMarkdown } from './fault-report';

/** What a run found, in a few lines: the checks and anything the server did that it should not. */
export function findings(result: ChaosResult): string[] {
  const { checks, tally, record } = result;
  const serverErrors = tally.serverErrors.length;
  const lines = [
    `Acknowledged commands: ${record.acknowledged.length} (${count(record, 'place')} orders placed, ${count(record, 'upload')} proofs uploaded, ${count(record, 'complete')} orders completed); lost ${lost(result)}, duplicated ${duplicated(result)}.`,
    `Orders completed twice: ${checks.store.completedTwice.length}. Customers past a limit in force: ${checks.overLimits.length} (limits in force for ${checks.limitsInForce} of ${result.options.customers} customers).`,
    `Read models against a fresh rebuild: ${checks.rebuildDiffers.length === 0 ? `equal (${checks.rebuildTables} tables, row checksums)` : `differ in ${checks.rebuildDiffers.join('; ')}`}.`,
    `Audit hash chain (npm run audit -- verify-store): ${checks.auditVerified ? 'verifies' : `FAILS: ${checks.auditOutput}`}.`,
    `Live stream: ${checks.live.changes} order changes in the feed, ${checks.live.missed} missed, ${checks.live.reconnects} reconnects with Last-Event-ID, ${checks.live.resets} resets${checks.live.missed ? ` (missed: ${checks.live.missedRows.slice(0, 5).join('; ')})` : ''}.`,
    `Answers the client saw: ${[...tally.answers]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}; ${tally.noAnswer} attempts unanswered (connection refused or reset).`,
    `Commands never settled before the drain's deadline: ${record.unsettled.length}${record.unsettled.length ? ` (last answers: ${[...new Set(record.unsettled.map((u) => u.last))].join(', ')})` : ''}. Final refusals: ${[...record.refused].map(([code, n]) => `${code} ×${n}`).join(', ') || 'none'}.`,
  ];
  for (const line of unsettledCommands(result).slice(0, 8)) lines.push(`Unsettled: ${line}.`);
  for (const [fault, seen] of failuresDuring(result)) {
    const when = fault === 'no fault' ? 'Outside every fault' : `While ${fault} was in force`;
    lines.push(`${when}: ${[...seen].map(([label, n]) => `${label} ×${n}`).join(', ') || 'no failed attempt'}.`);
  }
  if (result.serverLog.length > 0) lines.push(`Errors the services logged: ${result.serverLog.slice(0, 8).join(' | ')}`);
  if (serverErrors > 0)
    lines.push(
      `500 answers: ${serverErrors}, e.g. ${tally.serverErrors
        .slice(0, 3)
        .map((e) => `${e.method} ${e.path}: ${e.body}`)
        .join(' | ')}`,
    );
  return lines;
}

/**
 * Each command left unsettled, named so a key held to the end can be traced in the services' logs:
 * the request, its key, when its first attempt went (the claim, if the server took it) against the
 * faults around it, and its answers in order.
 */
export function unsettledCommands(result: Pick<ChaosResult, 'record' | 'injections'>): string[] {
  return result.record.unsettled.map((u) => {
    const faultsAfter = result.injections.filter((i) => i.injectedAt >= u.sentAt).map((i) => i.fault);
    const under = result.injections.filter((i) => i.injectedAt <= u.sentAt).at(-1)?.fault ?? 'no fault yet';
    return (
      `POST ${u.path} (${u.kind}) key ${u.key}, first sent ${new Date(u.sentAt).toISOString()} under ${under} ` +
      `(then ${faultsAfter.join(', ') || 'no more faults'}); answered ${u.answers}`
    );
  });
}

/**
 * The failed attempts the client saw between each fault's injection and its recovery, by fault, as
 * "status code (command)" labels; those in no fault's window under "no fault".
 */
export function failuresDuring(result: ChaosResult): Map<string, Map<string, number>> {
  const byFault = new Map<string, Map<string, number>>();
  const add = (fault: string, f: ChaosResult['tally']['failures'][number]) => {
    const seen = byFault.get(fault) ?? new Map<string, number>();
    byFault.set(fault, seen);
    const label = `${f.status === null ? 'no answer' : `${f.status}${f.code ? ` ${f.code}` : ''}`} (${commandOf(f.path)})`;
    seen.set(label, (seen.get(label) ?? 0) + 1);
  };
  for (const f of result.tally.failures) {
    const under = result.injections.filter((i) => f.at >= i.injectedAt && f.at <= (i.recoveredAt ?? Number.POSITIVE_INFINITY));
    if (under.length === 0) add('no fault', f);
    for (const i of under) add(i.fault, f);
  }
  return byFault;
}

const commandOf = (path: string) => /\/(fiat-to-crypto|upload|complete|ticket)$/.exec(path)?.[1] ?? path;

const count = (record: ChaosResult['record'], kind: string) => record.acknowledged.filter((a) => a.kind === kind).length;
export const lost = (result: ChaosResult) => result.rows.reduce((n, r) => n + r.lost, 0);
export const duplicated = (result: ChaosResult) => result.rows.reduce((n, r) => n + r.duplicated, 0);

/** The run's section of docs/reliability.md: the machine, the date, the settings, the table and the findings. */
export function reliabilitySection(result: ChaosResult): string {
  const cpu = os.cpus();
  const o = result.options;
  return [
    `## Run of ${result.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}. ` +
      `Seed ${o.seed}; ${Math.round(result.workloadMs / 1000)} s of workload (${o.customers} customers and one admin) under faults, ${Math.round(result.wallMs / 1000)} s in all; ` +
      `the worker stopped for ${Math.round(o.pauseMs / 1000)} s, the storage full for ${Math.round(o.fullMs / 1000)} s, the network to PostgreSQL partitioned for ${Math.round(o.partitionMs / 1000)} s each time.`,
    '',
    faultTableMarkdown(result.rows),
    '',
    ...findings(result).map((line) => `- ${line}`),
    '',
  ].join('\n');
}
