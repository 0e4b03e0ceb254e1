/**
 * `npm run bench -- reconciliation` (issue 28, "Speed"): a 100,000-line bank statement imported and
 * matched against 200,000 orders, beside the floor of parsing it alone, in one run on one database.
 *
 * The statement is HDFC Bank's CSV download (reconciliation-statement.ts), in monthly files: the
 * desk reads at most 5 MB an upload, and 100,000 lines are 13 MB in this layout (camt.053 would be
 * about 70 MB). The orders (reconciliation-world.ts) are seeded through the event store and
 * projected before anything is timed. Then, on the product's own objects (buildAppDeps, in this
 * process, as the worker and the API build them):
 * - the floor: `readStatementFile` of every file to a ParsedStatement, as the import reads it;
 * - import: `StatementImports.import` of each file (the account's stream loaded, the lines decided
 *   against the keys it holds, appended in chunks of 500);
 * - projection: every registered projection until caught up (the lines' rows and reference keys);
 * - matching: `PaymentMatcher.match({ statementId })` of each statement (each match a claim and a
 *   PaymentMatched command on its order's stream);
 * - projection of the matches (the orders' and the lines' read models) until caught up.
 * The floor is parsed again between the phases (five rounds; the median counts), so the machine's
 * drift over the minutes falls on both. The run checks that matching made of the statement what the
 * world planned (the lines matched, the amounts that differ, the third-party payers).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { Infrastructure } from '../../platform/src/infrastructure';
import { setLogLevel } from '../../platform/src/logging/logger';
import { allMigrations } from '../../services/src/main/all-migrations';
import { buildAppDeps } from '../../services/src/main/app-deps';
import { readStatementFile } from '../../services/src/reconciliation/statement-file';
import { bankAccountStream } from '../../services/src/reconciliation/statement-imports';
import { PaymentMatcher, type MatchTally } from '../../services/src/reconciliation/payment-matcher';
import { LineClaims } from '../../services/src/reconciliation/line-claims';
import { testMetadata } from '../support/event-factory';
import { closeInProcessDeps, inProcessSettings } from '../support/in-process-app';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { machineDescription } from './performance-doc';
import { databaseClock, ownClock } from './process-cpu';
import { startSqlCount } from './sql-counts';
import { waitUntilQuiet } from './quiet';
import { reconciliationEnv } from './reconciliation-env';
import { PROBE, projectUntilCaughtUp, rowCount, streamLength, timedPhase, type PhaseResult } from './reconciliation-phases';
import { profiled, type ProfileSummary } from './reconciliation-profile';
import { seedWorld } from './reconciliation-seed';
import { statementFiles, type StatementFile } from './reconciliation-statement';
import { expectedOutcome, planWorld, statementDays } from './reconciliation-world';
import { checkOutcome } from './reconciliation-outcome';
import { measureAppendFloors } from './reconciliation-append-floor';
import { reportReconciliation } from './reconciliation-report';

const say = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (s: number) => s.toFixed(1);

/** The floor: every file read to a ParsedStatement as the import reads it (no mapping saved yet: the presets find HDFC's, the first). */
async function parseAll(files: readonly StatementFile[]): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  let lines = 0;
  for (const file of files) lines += (await readStatementFile({ fileName: file.fileName, bytes: file.bytes, mapping: null }, null)).statement.lines.length;
  const seconds = (performance.now() - started) / 1000;
  say(`  floor: ${fmt(lines)} lines parsed in ${secs(seconds)} s (${fmt(lines / seconds)} lines/s)`);
  return seconds;
}

/** When each projection had caught up: the slowest hold the phase. */
const sayCaughtUp = (finished: { name: string; seconds: number }[]) =>
  say(`  caught up after (s): ${finished.map((runner) => `${runner.name} ${secs(runner.seconds)}`).join(', ')}`);

function printProfile(summary: ProfileSummary | null): void {
  if (!summary) return;
  say(`  profile: ${summary.file}`);
  say(`    by place: ${summary.places.map((p) => `${p.name} ${fmt(p.ms)} ms`).join(', ')}`);
  for (const f of summary.functions.slice(0, 15)) say(`    ${fmt(f.ms)} ms  ${f.name}`);
}

export async function runReconciliationBench(): Promise<void> {
  setLogLevel('warn');
  const lineCount = reconciliationEnv.BENCH_RECONCILIATION_LINES;
  const orderCount = Math.max(reconciliationEnv.BENCH_RECONCILIATION_ORDERS, lineCount);
  const profileDir = reconciliationEnv.BENCH_RECONCILIATION_PROFILE;
  const batchSize = benchEnv.PROJECTION_BATCH_SIZE;
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-bench-recon-'));
  const pool = createPool({ connectionString: database.url, max: 20, applicationName: 'bench' });
  const db = createKysely<any>(pool);
  const store = new PgEventStore({ pool, connectionString: database.url });
  await migrateToLatest(db, allMigrations);
  const infra: Infrastructure = { connectionString: database.url, pool, db, eventStore: store, close: async () => undefined };
  // The product's objects as every process builds them; no REDIS_URL, so jobs would run in this
  // process (the bench calls the import and the matcher itself, and schedules none).
  const { deps } = await buildAppDeps(infra, {
    ...inProcessSettings(dataDir, { phone: '+919000000009', password: 'bench-admin-password' }, 'bench-secret-bench-secret-bench-secret-1'),
    signsNoExports: true,
  });
  try {
    // The statement covers whole months ending the day before yesterday.
    const firstDay = new Date(Date.now() - (statementDays(lineCount) + 2) * 86_400_000).toISOString().slice(0, 10);
    const world = planWorld({ lines: lineCount, orders: orderCount, firstDay });
    const files = statementFiles(world, firstDay);
    const expected = expectedOutcome(world);
    const megabytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0) / 1e6;
    say(
      `reconciliation bench: ${fmt(world.lines.length)} lines in ${files.length} HDFC CSV files (${megabytes.toFixed(1)} MB), ` +
        `${fmt(world.orders.length)} orders of ${fmt(world.customers.length)} customers; ${fmt(expected.matched)} lines should match`,
    );

    say('seeding: customers, the account, every order through the event store');
    let reported = 0;
    const seeded = await seedWorld({ db, store, tenants: deps.tenants }, world, firstDay, (done) => {
      if (done - reported >= 25_000) say(`  seeded ${fmt((reported = done))} orders`);
    });
    const databaseCpu = await databaseClock(pool);
    const seedProjection = await timedPhase(
      'projected',
      { database: databaseCpu },
      { probe: rowCount(db, 'rm_orders'), total: world.orders.length, unit: 'orders' },
      () => projectUntilCaughtUp(db, store, batchSize),
    );
    say(`  projected in ${secs(seedProjection.seconds)} s`);
    // A bulk import, after which PostgreSQL's advice is VACUUM ANALYZE (orders.bench.ts: autovacuum otherwise runs in the timed phases).
    await pool.query('vacuum analyze');
    const { waitedMs, quiet } = await waitUntilQuiet([ownClock, databaseCpu].filter((clock) => clock !== null));
    say(`  ${quiet ? 'quiet' : 'still busy'} after ${(waitedMs / 1000).toFixed(0)} s`);

    const clocks = { database: databaseCpu };
    const floors: number[] = [];
    const profiles: Record<string, ProfileSummary | null> = {};
    const scope = { kind: 'all_brands' } as const;
    const admin = testMetadata({ actor: { id: 'bench-admin', role: 'admin' }, ip: '127.0.0.1', userAgent: 'bench' });

    floors.push(await parseAll(files));
    say('import: StatementImports.import of each file');
    const importPhase = await timedPhase(
      'recorded',
      clocks,
      { probe: streamLength(db, bankAccountStream(seeded.accountId)), total: world.lines.length, unit: 'events' },
      async () => {
        const { result, profile } = await profiled(profileDir, 'reconciliation-import', async () => {
          const imported: { statementId: string; newLineCount: number; seconds: number }[] = [];
          for (const file of files) {
            const started = performance.now();
            const upload = async () => ({ fileName: file.fileName, bytes: file.bytes, mapping: null });
            const data = await deps.reconciliation.imports.import(scope, seeded.accountId, upload, { ...admin, acceptedAt: new Date().toISOString() });
            imported.push({ statementId: data.statementId, newLineCount: data.newLineCount, seconds: (performance.now() - started) / 1000 });
            say(`  ${file.fileName}: ${fmt(data.newLineCount)} lines in ${secs(imported.at(-1)!.seconds)} s`);
          }
          return imported;
        });
        profiles.import = profile;
        return result;
      },
    );
    printProfile(profiles.import ?? null);
    floors.push(await parseAll(files));

    // Every projection until caught up, timed by the rows of the table this phase fills.
    const projectionPhase = async (what: string, profileKey: 'projectLines' | 'projectMatches', table: string, total: number, unit: string) => {
      say(`projection of the ${what}: every projection until caught up`);
      const phase = await timedPhase('projected', clocks, { probe: rowCount(db, table), total, unit }, async () => {
        const { result, profile } = await profiled(profileDir, `reconciliation-project-${what}`, () => projectUntilCaughtUp(db, store, batchSize));
        profiles[profileKey] = profile;
        return result;
      });
      sayCaughtUp(phase.result);
      printProfile(profiles[profileKey] ?? null);
      floors.push(await parseAll(files));
      return phase;
    };

    const lineProjection = await projectionPhase('lines', 'projectLines', 'rm_statement_lines', world.lines.length, 'lines');

    const lanes = reconciliationEnv.BENCH_RECONCILIATION_LANES;
    const matcher =
      lanes === undefined
        ? deps.reconciliation.matcher
        : new PaymentMatcher(db, db, deps.orders.commands, new LineClaims(db), deps.reconciliation.accounts, lanes);
    say(`matching: PaymentMatcher.match of each statement${lanes === undefined ? '' : ` (${lanes} lanes at once)`}`);
    const counting = await startSqlCount(pool);
    const matchPhase: PhaseResult<MatchTally> = await timedPhase(
      'matched',
      clocks,
      { probe: rowCount(db, 'bank_line_claims'), total: expected.matched, unit: 'lines' },
      async () => {
        const { result, profile } = await profiled(profileDir, 'reconciliation-match', async () => {
          const tally: MatchTally = { weighed: 0, matched: 0, flagged: 0 };
          for (const { statementId } of importPhase.result) {
            const one = await matcher.match({ statementId });
            for (const key of ['weighed', 'matched', 'flagged'] as const) tally[key] += one[key];
          }
          return tally;
        });
        profiles.match = profile;
        return result;
      },
    );
    // Nothing else runs meanwhile (the projections wait for their phase): the database's work is the matcher's.
    const matchSql = (await counting?.stop(matchPhase.result.matched, (query) => query.includes(PROBE))) ?? null;
    if (matchSql) {
      say(`  per PaymentMatched recorded: ${matchSql.statementsPerOrder} statements, ${matchSql.writesPerOrder} writing transactions; the most time:`);
      for (const top of matchSql.top.slice(0, 8)) say(`    ${top.perOrder} × ${top.msPerOrder} ms  ${top.query}`);
    }
    printProfile(profiles.match ?? null);
    floors.push(await parseAll(files));

    const matchProjection = await projectionPhase('matches', 'projectMatches', 'rm_statement_line_outcomes', expected.matched, 'outcomes');

    say("the appends alone: the lines in chunks of 500 on one stream, and one event on each of the matches' streams (a database of its own)");
    const parsed = [];
    for (const file of files) parsed.push(...(await readStatementFile({ fileName: file.fileName, bytes: file.bytes, mapping: null }, null)).statement.lines);
    const appendFloors = await measureAppendFloors(database, parsed, expected.matched);
    for (const floor of appendFloors)
      say(`  ${floor.what}, ${floor.writers} writers: ${fmt(floor.events / floor.seconds)} events/s (${secs(floor.seconds)} s)`);

    const outcome = await checkOutcome(db, world, matchPhase.result);
    await reportReconciliation({
      machine: machineDescription(database.describe),
      lines: world.lines.length,
      orders: world.orders.length,
      files: files.map((file) => ({ lines: file.lines, bytes: file.bytes.byteLength })),
      floors,
      phases: { import: importPhase, projectLines: lineProjection, match: matchPhase, projectMatches: matchProjection },
      importSeconds: importPhase.result.map((file) => file.seconds),
      matchSql,
      appendFloors,
      outcome,
      profiles,
    });
    if (!benchEnv.BENCH_SMOKE) say('reconciliation bench: rows added to docs/performance.md');
  } finally {
    await closeInProcessDeps(deps);
    await pool.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
