import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEntryPoint } from '../support/child-process';

const performanceDoc = path.resolve(import.meta.dirname, '../../docs/performance.md');

/** Every benchmark but the streams one, run tiny, so none rots between the runs that measure (`npm run bench`). */
describe('the benchmarks', () => {
  it('all run to the end at the smallest sizes, and record nothing', async () => {
    const before = await readFile(performanceDoc, 'utf8');
    // The streams bench has its own smoke test (streams.int.test.ts), which also checks what it delivered.
    const run = startEntryPoint('tests/bench/run-bench.ts', ['eventstore', 'orders', 'floors', 'web', 'backup', 'reconciliation', 'rebuild'], {
      BENCH_SMOKE: 'true',
      BENCH_SECONDS: '1',
      BENCH_PROJECTION_EVENTS: '1000',
      BENCH_BACKUP_ORDERS: '100',
      BENCH_RECONCILIATION_LINES: '300',
      BENCH_RECONCILIATION_ORDERS: '600',
      BENCH_REBUILD_EVENTS: '1000',
    });
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    for (const bench of ['eventstore', 'orders', 'floors', 'web', 'web-lighthouse', 'backup', 'reconciliation', 'rebuild']) {
      expect(run.output()).toMatch(new RegExp(`^${bench} bench \\(smoke run, not recorded\\): \\S`, 'm'));
    }
    expect(await readFile(performanceDoc, 'utf8')).toBe(before);
    // 143 s at a load average of 6 to 9, of which Lighthouse's one run of / about 25 s.
  }, 240_000);
});
