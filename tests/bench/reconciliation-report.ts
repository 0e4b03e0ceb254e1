/**
 * The reconciliation bench's figures: the whole result as JSON on stdout, and its rows appended to
 * docs/performance.md (between `<!-- bench:reconciliation:rows -->` and the table's end) with the
 * date and the machine. Lines per second throughout are the statement's lines over the phase's wall
 * time; the ratio to the floor is the floor's seconds over the phase's.
 */
import type { MatchTally } from '../../services/src/reconciliation/payment-matcher';
import type { AppendFloor } from './reconciliation-append-floor';
import type { Outcome } from './reconciliation-outcome';
import type { PhaseResult } from './reconciliation-phases';
import type { ProfileSummary } from './reconciliation-profile';
import type { SqlCounts } from './sql-counts';
import { recordRows, type BenchRow } from './performance-doc';

export interface Measured {
  machine: string;
  lines: number;
  orders: number;
  files: { lines: number; bytes: number }[];
  /** Seconds of each floor round, in the order they ran. */
  floors: number[];
  phases: { import: PhaseResult<unknown>; projectLines: PhaseResult<unknown>; match: PhaseResult<MatchTally>; projectMatches: PhaseResult<unknown> };
  importSeconds: number[];
  matchSql: SqlCounts | null;
  appendFloors: AppendFloor[];
  outcome: Outcome;
  profiles: Record<string, ProfileSummary | null>;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (s: number) => s.toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function reportReconciliation(m: Measured): Promise<void> {
  const floorSeconds = median(m.floors);
  const totalSeconds = Object.values(m.phases).reduce((sum, phase) => sum + phase.seconds, 0);
  const megabytes = m.files.reduce((sum, file) => sum + file.bytes, 0) / 1e6;
  const perLine = (phase: PhaseResult<unknown>) => ({
    bench: +(phase.cpu.bench / m.lines).toFixed(3),
    database: phase.cpu.database === null ? null : +(phase.cpu.database / m.lines).toFixed(3),
  });
  const tally = m.phases.match.result;
  const result = {
    machine: m.machine,
    statement: { lines: m.lines, files: m.files.length, megabytes: +megabytes.toFixed(1), format: 'HDFC CSV (Withdrawal/Deposit columns)' },
    orders: m.orders,
    floor: { seconds: +floorSeconds.toFixed(2), rounds: m.floors.map((s) => +s.toFixed(2)), linesPerSecond: Math.round(m.lines / floorSeconds) },
    phases: Object.fromEntries(
      Object.entries(m.phases).map(([name, phase]) => [
        name,
        { seconds: +phase.seconds.toFixed(2), linesPerSecond: Math.round(m.lines / phase.seconds), cpuMsPerLine: perLine(phase) },
      ]),
    ),
    importSecondsPerFile: m.importSeconds.map((s) => +s.toFixed(2)),
    matching: { ...tally, matchedPerSecond: Math.round(tally.matched / m.phases.match.seconds), sqlPerMatch: m.matchSql },
    appendFloors: m.appendFloors.map((f) => ({ ...f, seconds: +f.seconds.toFixed(2), eventsPerSecond: Math.round(f.events / f.seconds) })),
    outcome: m.outcome,
    total: { seconds: +totalSeconds.toFixed(2), linesPerSecond: Math.round(m.lines / totalSeconds), ofFloor: +(floorSeconds / totalSeconds).toFixed(3) },
    profiles: m.profiles,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

  const floorCell = `${fmt(m.lines / floorSeconds)} lines/s (${secs(floorSeconds)} s) parsing alone`;
  const phaseRow = (metric: string, phase: PhaseResult<unknown>): BenchRow => ({
    metric,
    measured: `${fmt(m.lines / phase.seconds)} (${secs(phase.seconds)} s)`,
    floor: floorCell,
    ratio: (floorSeconds / phase.seconds).toFixed(3),
    target: '—',
  });
  const cpu = (phase: PhaseResult<unknown>) => `${perLine(phase).bench} / ${perLine(phase).database ?? '?'}`;
  const matchedPerSecond = tally.matched / m.phases.match.seconds;
  const lineFloor = m.appendFloors.find((f) => f.what === 'lines')!;
  const matchFloors = m.appendFloors.filter((f) => f.what === 'matches');
  const designSeconds = floorSeconds + lineFloor.seconds + Math.min(...matchFloors.map((f) => f.seconds));
  const size = `${fmt(m.lines)}-line statement (HDFC CSV, ${m.files.length} files, ${megabytes.toFixed(1)} MB) against ${fmt(m.orders)} orders`;
  await recordRows('reconciliation', m.machine, [
    {
      metric: `import + match of a ${size}, ${fmt(m.outcome.matched)} lines matched: lines/s (s)`,
      measured: `${fmt(m.lines / totalSeconds)} (${secs(totalSeconds)} s)`,
      floor: `${floorCell}; median of ${m.floors.length} rounds between the phases (${m.floors.map(secs).join(' / ')} s)`,
      ratio: (floorSeconds / totalSeconds).toFixed(3),
      target: '≥ 0.5 of the floor',
    },
    phaseRow(
      `import: StatementImports.import of each file, decided against the account, appended in chunks of 500 (s per file: ${m.importSeconds.map(secs).join(' / ')}): lines/s (s)`,
      m.phases.import,
    ),
    phaseRow('projection of the lines, every projection until caught up: lines/s (s)', m.phases.projectLines),
    phaseRow(
      `matching: PaymentMatcher.match of each statement, ${fmt(tally.weighed)} lines weighed, ${fmt(tally.matched)} PaymentMatched recorded (${fmt(matchedPerSecond)}/s): lines/s (s)`,
      m.phases.match,
    ),
    phaseRow('projection of the matches, every projection until caught up: lines/s (s)', m.phases.projectMatches),
    {
      metric: `the lines' appends alone, ${fmt(lineFloor.events)} StatementLineRecorded in appends of 500 on one stream through the event store: events/s (s)`,
      measured: `import ${fmt(m.lines / m.phases.import.seconds)} lines/s`,
      floor: `${fmt(lineFloor.events / lineFloor.seconds)} (${secs(lineFloor.seconds)} s)`,
      ratio: (lineFloor.seconds / m.phases.import.seconds).toFixed(3),
      target: '—',
    },
    {
      metric: `the matches' appends alone, one PaymentMatched on each of ${fmt(matchFloors[0]?.events ?? 0)} new order streams through the event store, by ${matchFloors.map((f) => f.writers).join(' / ')} writers: events/s (s)`,
      measured: `${fmt(matchedPerSecond)} PaymentMatched/s by the matcher`,
      floor: matchFloors.map((f) => `${fmt(f.events / f.seconds)} (${secs(f.seconds)} s)`).join(' / '),
      ratio: matchFloors.map((f) => (matchedPerSecond / (f.events / f.seconds)).toFixed(3)).join(' / '),
      target: '—',
    },
    {
      metric: "what the design must do at the least: parsing, the lines' appends and the matches' appends (8 writers), one after another, nothing else: s",
      measured: secs(designSeconds),
      floor: floorCell,
      ratio: (floorSeconds / designSeconds).toFixed(3),
      target: '—',
    },
    {
      metric: 'per PaymentMatched recorded: SQL statements / writing transactions (each a WAL flush)',
      measured: m.matchSql ? `${m.matchSql.statementsPerOrder} / ${m.matchSql.writesPerOrder}` : 'not counted (no pg_stat_statements)',
      floor: '—',
      ratio: '—',
      target: '—',
    },
    {
      metric: 'CPU ms per statement line, bench process (the product in it) / database: import; projection of the lines; matching; projection of the matches',
      measured: `${cpu(m.phases.import)}; ${cpu(m.phases.projectLines)}; ${cpu(m.phases.match)}; ${cpu(m.phases.projectMatches)}`,
      floor: '—',
      ratio: '—',
      target: '—',
    },
  ]);
}
