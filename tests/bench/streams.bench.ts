/**
 * `npm run bench -- streams`: live-update streams (SSE, services/src/live) held on one API process
 * while orders change. At each step (500, 1,000, 2,500, 5,000 streams: BENCH_STREAMS_STEPS) it
 * opens the streams the step adds, each for its own seeded account, then places and rejects orders
 * for BENCH_SECONDS (at least 15, a heartbeat of every stream) and measures how long each change took
 * to reach every stream that may see it, what the streams cost the API in memory, and its CPU.
 * Target (issue 31): 5,000 streams with p99 delivery under 250 ms.
 */
import { createPool } from '../../platform/src/db/pg-pool';
import { setLogLevel } from '../../platform/src/logging/logger';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { call } from './http-client';
import { appendRows, machineDescription } from './performance-doc';
import { ownClock, processClock, startCpuAccount } from './process-cpu';
import { changeOrders } from './streams-load';
import { StreamHolders } from './streams-holders';
import { deliveryFigures, loadAverage, rowCells, type StepFigures } from './streams-report';
import { seedViewers, type SeededViewer } from './streams-seed';
import { STREAMS_JWT_SECRET, startStreamsServer, type StreamsServer } from './streams-server';
import { streamsEnv } from './streams.env';
import { createBrand } from './create-brand';

const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A ticket for each viewer (POST /api/stream/ticket with its token), 16 at a time. */
async function ticketsFor(base: string, viewers: readonly SeededViewer[]): Promise<string[]> {
  const tickets: string[] = new Array(viewers.length);
  let next = 0;
  const worker = async () => {
    while (next < viewers.length) {
      const i = next++;
      tickets[i] = (await call(base, 'POST', '/api/stream/ticket', { token: viewers[i]!.token })).ticket;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return tickets;
}

/** The API's event-loop delay p99 since the last scrape (prom-client resets its histogram on each). */
async function eventLoopP99Ms(server: StreamsServer): Promise<number> {
  const text = await fetch(server.metricsUrl).then((r) => r.text());
  return Number(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
}

export async function runStreamsBench(): Promise<void> {
  setLogLevel('warn');
  const steps = benchEnv.BENCH_SMOKE ? [20] : streamsEnv.BENCH_STREAMS_STEPS.split(',').map(Number);
  const seconds = benchEnv.BENCH_SMOKE ? benchEnv.BENCH_SECONDS : Math.max(benchEnv.BENCH_SECONDS, 15);
  const rate = streamsEnv.BENCH_STREAMS_ORDERS_PER_SECOND;
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  say('streams bench: starting one API process and one projector process on the bench database');
  const server = await startStreamsServer(database.url);
  const pool = createPool({ connectionString: database.url, max: 10, applicationName: 'bench' });
  const holders = new StreamHolders(streamsEnv.BENCH_STREAMS_HOLDERS, streamsEnv.BENCH_STREAMS_DEBUG);
  const machine = machineDescription(database.describe);
  const figures: StepFigures[] = [];
  try {
    // Viewer 0 is an operator admin: it makes the brands, then rejects the orders (and holds a stream like the others).
    const [admin] = await seedViewers(pool, database.url, STREAMS_JWT_SECRET, ['default'], 0, 1);
    const brands = [await createBrand(server.base, admin!.token, 'b.streams'), await createBrand(server.base, admin!.token, 'c.streams'), 'default'];
    const held: SeededViewer[] = [];
    for (const [index, target] of steps.entries()) {
      const adding = target - held.length;
      say(`${target} streams: seeding ${adding} accounts with a session each`);
      const added =
        held.length === 0
          ? [admin!, ...(await seedViewers(pool, database.url, STREAMS_JWT_SECRET, brands, 1, adding - 1))]
          : await seedViewers(pool, database.url, STREAMS_JWT_SECRET, brands, held.length, adding);
      await sleep(1_000);
      const before = await server.memory();
      // Tickets last 30 s: asked for and used a thousand at a time.
      for (let at = 0; at < added.length; at += 1_000) {
        const batch = added.slice(at, at + 1_000);
        const opened = await holders.open(server.base, await ticketsFor(server.base, batch));
        if (opened.ok !== batch.length) throw new Error(`only ${opened.ok} of ${batch.length} streams opened: ${opened.failed.join('; ')}`);
      }
      held.push(...added);
      await sleep(2_000);
      const after = await server.memory();
      say(`  ${held.length} streams open; the API's RSS ${(after.rssBytes / 2 ** 20).toFixed(0)} MiB, heap ${(after.heapUsedBytes / 2 ** 20).toFixed(0)} MiB`);
      await holders.collect();
      await eventLoopP99Ms(server);
      const cpu = await startCpuAccount({ api: processClock(server.api.child.pid!), projector: processClock(server.projector.child.pid!), bench: ownClock });
      const windowStarted = performance.now();
      const customers = held.filter((v) => v.kind === 'customer');
      const load = await changeOrders(server.base, customers, admin!, rate, seconds, index * 1_000);
      // The last changes' deliveries: three seconds after the last answer is twelve times the target (a delivery later than that counts as missed).
      await sleep(3_000);
      const windowSeconds = (performance.now() - windowStarted) / 1000;
      const spent = await cpu.stop();
      const loopP99 = await eventLoopP99Ms(server);
      const arrivals = await holders.collect();
      const { examples, ...delivery } = deliveryFigures(load.changes, arrivals, held);
      if (examples.length > 0) say(`  deliveries beyond each viewer's one, e.g.: ${examples.join('; ')}`);
      const step: StepFigures = {
        streams: held.length,
        changes: load.changes.size,
        changesPerSecond: load.changes.size / seconds,
        ...delivery,
        memoryPerStream: { rssBytes: (after.rssBytes - before.rssBytes) / adding, heapBytes: (after.heapUsedBytes - before.heapUsedBytes) / adding },
        apiCpuShare: spent.api! / 1000 / windowSeconds,
        projectorCpuShare: spent.projector! / 1000 / windowSeconds,
        benchCpuShare: spent.bench! / 1000 / windowSeconds,
        eventLoopP99Ms: loopP99,
        commandFailures: load.failures.length,
        resets: arrivals.resets,
        duplicates: arrivals.duplicates,
        ended: arrivals.ended,
        loadAverage: loadAverage(),
      };
      figures.push(step);
      say(`  ${JSON.stringify(step)}`);
      if (load.failures.length > 0) say(`  commands that failed: ${load.failures.slice(0, 3).join('; ')}`);
    }
    process.stdout.write(`${JSON.stringify({ machine, ordersPerSecond: rate, seconds, steps: figures }, null, 2)}\n`);
    const summary = figures
      .map((f) => `${f.streams} streams: ${f.deliveries} deliveries, p99 ${f.fromAnswer.p99} ms, missed ${f.missed}, extra ${f.extra}, twice ${f.duplicates}`)
      .join('; ');
    await appendRows(
      'streams',
      figures.map((f) => rowCells(f, machine)),
      summary,
    );
    if (!benchEnv.BENCH_SMOKE) say('streams bench: rows added to docs/performance.md');
  } finally {
    await holders.close();
    await server.stop();
    await pool.end();
    await database.close();
  }
}
