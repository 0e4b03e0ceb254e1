import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type pg from 'pg';
import { percentile } from './http-client';
import { ownClock, perOperation, startCpuAccount, type CpuClock } from './process-cpu';

export interface ListSeries {
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** CPU ms per timed request: the server process, the whole database server, the bench itself. */
  cpuMs: { server: number | null; database: number | null; bench: number | null };
}

// Its own keep-alive agent: one socket, reused by every request of the series, as a browser tab's is.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET timed from the request to the last byte of its answer. The body is not parsed: the
 * clock measures the server and the wire, not the bench's own JSON.parse of 50 orders (about
 * 100 KB) and the garbage it leaves, which the bench's process collected in the middle of later
 * timed requests (docs/performance.md, "The admin list's tail (issue 32)").
 */
function timedGet(url: string, token: string): Promise<{ ms: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - t0;
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200) reject(new Error(`GET ${url}: ${response.statusCode} ${body.toString('utf8', 0, 300)}`));
        else resolve({ ms, body });
      });
    });
    request.on('error', reject);
  });
}

/**
 * How long a process's main thread has waited, runnable, for a core (ms): the second field of
 * /proc/<pid>/schedstat (Linux's run delay); null where /proc cannot tell. On a shared two-core
 * machine this is where a list's tail goes when the request's own work does not grow.
 */
const waitedForCore = async (pid: number): Promise<number | null> => {
  const stat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => null);
  const delayNs = stat ? Number(stat.split(' ')[1]) : NaN;
  return Number.isFinite(delayNs) ? delayNs / 1e6 : null;
};

/** Pages the checkpointer has written (pg_stat_checkpointer is PostgreSQL 17's; null on an older server). */
const checkpointed = (pool: pg.Pool) =>
  pool
    .query<{ buffers: string }>('select buffers_written as buffers from pg_stat_checkpointer')
    .then(({ rows }) => Number(rows[0]!.buffers))
    .catch(() => null);

/**
 * The admin list's series: for each filter, 20 unmeasured pages, then `timedPages` timed ones (page
 * 1, total included), one after another on one connection. The total is read from the last answer.
 */
export async function measureAdminList(options: {
  base: string;
  token: string;
  pool: pg.Pool;
  filters: Record<string, string>;
  timedPages: number;
  /** The server process's and the database's CPU clocks (process-cpu.ts). */
  clocks: { server: CpuClock | null; database: CpuClock | null };
  /** The server process, whose main thread's waits for a core are reported. */
  serverPid: number;
  say: (line: string) => void;
}): Promise<Record<string, ListSeries>> {
  const { base, token, pool, filters, timedPages, clocks, serverPid, say } = options;
  const ms = (n: number) => n.toFixed(1);
  const list: Record<string, ListSeries> = {};
  for (const [name, query] of Object.entries(filters)) {
    // The bench's own heap holds what the seeding left: collected first, so its pauses are not timed as the server's.
    (globalThis as { gc?: () => void }).gc?.();
    const maintenance = await pool.query<{ query: string }>("select query from pg_stat_activity where backend_type = 'autovacuum worker'");
    if (maintenance.rows.length > 0) say(`  while autovacuum runs: ${maintenance.rows.map((r) => r.query).join(', ')}`);
    const checkpointedBefore = await checkpointed(pool);
    const times: number[] = [];
    let last: Buffer = Buffer.alloc(0);
    let waitedBefore: (number | null)[] = [];
    let cpu: Awaited<ReturnType<typeof startCpuAccount<'server' | 'database' | 'bench'>>> | null = null;
    for (let i = 0; i < 20 + timedPages; i++) {
      if (i === 20) {
        cpu = await startCpuAccount({ ...clocks, bench: ownClock });
        waitedBefore = [await waitedForCore(serverPid), await waitedForCore(process.pid)];
      }
      const { ms: took, body } = await timedGet(`${base}/api/admin/orders${query}`, token);
      if (i >= 20) times.push(took);
      last = body;
    }
    const cpuMs = perOperation(await cpu!.stop(), timedPages);
    const waitedAfter = [await waitedForCore(serverPid), await waitedForCore(process.pid)];
    const waited = waitedAfter.map((after, i) => (after === null || waitedBefore[i] == null ? '?' : ((after - waitedBefore[i]!) / timedPages).toFixed(2)));
    const total = (JSON.parse(last.toString('utf8')) as { total: number }).total;
    times.sort((a, b) => a - b);
    list[name] = { p50Ms: +ms(percentile(times, 0.5)), p99Ms: +ms(percentile(times, 0.99)), total, cpuMs };
    // A checkpoint writing the import's pages out shares the disk and the cores with the series.
    const checkpointedAfter = await checkpointed(pool);
    const pages = checkpointedBefore === null || checkpointedAfter === null ? 0 : checkpointedAfter - checkpointedBefore;
    say(
      `  list ${name}: p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(percentile(times, 0.99))} ms, slowest ${ms(times[times.length - 1]!)} ms (total ${total.toLocaleString('en-US')}); CPU ms per request: server ${cpuMs.server ?? '?'}, database ${cpuMs.database ?? '?'}, bench ${cpuMs.bench ?? '?'}; ms per request waiting for a core: the server's main thread ${waited[0]}, the bench's ${waited[1]}` +
        (pages > 0 ? `; meanwhile the checkpointer wrote ${pages.toLocaleString('en-US')} pages` : ''),
    );
  }
  return list;
}
