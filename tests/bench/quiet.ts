import type { CpuClock } from './process-cpu';

/**
 * Waits until every clock's process group has used under `idleShare` of a core for a whole second,
 * or `maxMs` passed. After the bulk seeding, the server and the database go on working for a while
 * (the projector's last batches, collections, the statistics): a list series started in the middle
 * of that timed it as the list's own tail (docs/performance.md). Returns how long it waited.
 */
export async function waitUntilQuiet(clocks: readonly CpuClock[], { idleShare = 0.1, maxMs = 60_000 } = {}): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = Date.now();
  for (;;) {
    const before = await Promise.all(clocks.map((clock) => clock()));
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await Promise.all(clocks.map((clock) => clock()));
    const elapsed = performance.now() - t0;
    const quiet = after.every((ms, i) => (ms - before[i]!) / elapsed < idleShare);
    if (quiet || Date.now() - started >= maxMs) return { waitedMs: Date.now() - started, quiet };
  }
}
