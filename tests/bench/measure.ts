/** Runs `writers` loops of `op` for `seconds`, recording each call's latency. */
export async function measureThroughput(
  writers: number,
  seconds: number,
  op: (writer: number, n: number) => Promise<void>,
): Promise<{ opsPerSecond: number; p50Ms: number; p99Ms: number; ops: number }> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        await op(writer, n);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { opsPerSecond: latencies.length / elapsed, p50Ms: pick(0.5), p99Ms: pick(0.99), ops: latencies.length };
}
