import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEntryPoint } from '../support/child-process';

const performanceDoc = path.resolve(import.meta.dirname, '../../docs/performance.md');

/** The streams bench, run tiny (20 streams, 2 s of orders changing), so it does not rot between the runs that measure. */
describe('the live-stream capacity bench', () => {
  it('holds its streams, delivers every change to each stream that may see it, and records nothing', async () => {
    const before = await readFile(performanceDoc, 'utf8');
    const run = startEntryPoint('tests/bench/run-bench.ts', ['streams'], { BENCH_SMOKE: 'true', BENCH_SECONDS: '2' });
    expect(await run.exited, run.output()).toBe(0);
    const summary = /^streams bench \(smoke run, not recorded\): 20 streams: (\d+) deliveries, p99 [\d.]+ ms, missed (\d+), extra (\d+), twice (\d+)$/m.exec(
      run.output(),
    );
    expect(summary, run.output()).not.toBeNull();
    // Two seconds at ten orders a second: dozens of changes, each for its customer, the operator's admins and its brand's.
    expect(Number(summary![1])).toBeGreaterThan(20);
    expect(Number(summary![2])).toBe(0);
    expect(Number(summary![3])).toBe(0);
    expect(Number(summary![4])).toBe(0);
    expect(await readFile(performanceDoc, 'utf8')).toBe(before);
  }, 180_000);
});
