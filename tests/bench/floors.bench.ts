/**
 * `npm run bench -- floors`: from the raw INSERT to the shape of a placed order, a step at a time,
 * each a floor server of its own (event-floor-server.ts) on its own database, 16 customers over HTTP:
 * - the architecture's floor: one event appended through the event store, one read model projecting it;
 * - five read models, each its own projection (loop, read, transaction and checkpoint per batch), as the product has;
 * - one projection writing five tables in one statement per batch: the same rows, one transaction;
 * - five read models, with the user's row read and a claim written before the append: the product's
 *   round trips and projections before its signed-in users were kept in memory, without any of its rules;
 * - five read models, with a claim written before the append: the product's shape since (decision 0026);
 * - one projection writing five tables, with the claim written before the append.
 * Each step's rate is set against raw single-row INSERTs measured just before it in the same round,
 * and the rounds repeat, so the machine's drift falls on every step alike; each row is the median.
 */
import { randomUUID } from 'node:crypto';
import { createPool } from '../../platform/src/db/pg-pool';
import { setLogLevel } from '../../platform/src/logging/logger';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { measureHttpFloor } from './http-floor';
import { measureThroughput } from './measure';
import { machineDescription, recordRows } from './performance-doc';
import { databaseClock } from './process-cpu';

const say = (line: string) => process.stderr.write(`${line}\n`);
const CUSTOMERS = 16;

const STEPS: { name: string; env: Record<string, string> }[] = [
  { name: 'one event, one read model (the architecture)', env: {} },
  { name: 'one event, five read models', env: { FLOOR_READ_MODELS: '5' } },
  { name: 'one event, one read model writing five tables', env: { FLOOR_TABLES_PER_READ_MODEL: '5' } },
  {
    name: "one event, five read models, the user's row read and a claim written first",
    env: { FLOOR_READ_MODELS: '5', FLOOR_READS_BEFORE: '1', FLOOR_WRITES_BEFORE: '1' },
  },
  { name: 'one event, five read models, a claim written first', env: { FLOOR_READ_MODELS: '5', FLOOR_WRITES_BEFORE: '1' } },
  { name: 'one event, one read model writing five tables, a claim written first', env: { FLOOR_TABLES_PER_READ_MODEL: '5', FLOOR_WRITES_BEFORE: '1' } },
];

interface Sample {
  perSecond: number;
  ofRaw: number;
  server: number | null;
  database: number | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runFloorsBench(): Promise<void> {
  setLogLevel('warn');
  const seconds = benchEnv.BENCH_SMOKE ? benchEnv.BENCH_SECONDS : Math.max(benchEnv.BENCH_SECONDS, 5);
  const warmupSeconds = benchEnv.BENCH_SMOKE ? 1 : 3;
  const rounds = benchEnv.BENCH_SMOKE ? 1 : 3;
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const pool = createPool({ connectionString: database.url, max: CUSTOMERS, applicationName: 'bench' });
  try {
    const customers = Array.from({ length: CUSTOMERS }, () => ({ id: randomUUID() }));
    await pool.query('create table bench_raw_orders (id bigint generated always as identity primary key, user_id uuid, payload jsonb)');
    const payload = JSON.stringify({ fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' });
    const rawInsert = async (writer: number) => {
      await pool.query({
        name: 'raw_order',
        text: 'insert into bench_raw_orders (user_id, payload) values ($1, $2)',
        values: [customers[writer]!.id, payload],
      });
    };
    const clock = await databaseClock(pool);
    const samples: Sample[][] = STEPS.map(() => []);
    await measureThroughput(CUSTOMERS, warmupSeconds, rawInsert);
    for (let round = 1; round <= rounds; round++) {
      say(`floors bench: round ${round} of ${rounds}, ${STEPS.length} steps of ${seconds}s, each after ${seconds}s of raw INSERTs`);
      for (const [index, step] of STEPS.entries()) {
        const raw = await measureThroughput(CUSTOMERS, seconds, rawInsert);
        const databaseUrl = await database.sibling(`r${round}_s${index}`);
        const floor = await measureHttpFloor(
          { entry: 'tests/bench/event-floor-server.ts', databaseUrl, projects: true, env: step.env },
          customers,
          { seconds, warmupSeconds },
          clock,
        );
        const sample = { perSecond: floor.opsPerSecond, ofRaw: floor.opsPerSecond / raw.opsPerSecond, server: floor.cpu.server, database: floor.cpu.database };
        samples[index]!.push(sample);
        say(
          `  ${step.name}: ${Math.round(sample.perSecond).toLocaleString('en-US')}/s, ${sample.ofRaw.toFixed(3)} of raw (${Math.round(raw.opsPerSecond).toLocaleString('en-US')}/s); CPU ms per order: server ${sample.server}, database ${sample.database ?? '?'}`,
        );
      }
    }
    const machine = machineDescription(database.describe);
    const rows = STEPS.map((step, index) => {
      const mine = samples[index]!;
      const server = mine.map((s) => s.server).filter((v): v is number => v !== null);
      const databaseCpu = mine.map((s) => s.database).filter((v): v is number => v !== null);
      return {
        metric: `HTTP, ${CUSTOMERS} customers: ${step.name}: orders/s (CPU ms per order: server / database), median of ${rounds}`,
        measured: `${Math.round(median(mine.map((s) => s.perSecond))).toLocaleString('en-US')} (${server.length ? median(server) : '?'} / ${databaseCpu.length ? median(databaseCpu) : '?'})`,
        floor: 'raw INSERT, just before it',
        ratio: `${median(mine.map((s) => s.ofRaw)).toFixed(3)} (${mine.map((s) => s.ofRaw.toFixed(2)).join(', ')})`,
        target: '—',
      };
    });
    process.stdout.write(`${JSON.stringify({ machine, steps: STEPS.map((s, i) => ({ step: s.name, samples: samples[i] })) }, null, 2)}\n`);
    await recordRows('floors', machine, rows);
    if (!benchEnv.BENCH_SMOKE) say('floors bench: rows added to docs/performance.md');
  } finally {
    await pool.end();
    await database.close();
  }
}
