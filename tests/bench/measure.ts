export interface Throughput {
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ops: number;
}

type Op = (writer: number, n: number) => Promise<void>;

interface Round {
  latencies: number[];
  seconds: number;
}

/** `writers` loops of `op` for `seconds`. */
async function runRound(writers: number, seconds: number, op: Op): Promise<Round> {
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
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

function summarise(rounds: readonly Round[]): Throughput {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { opsPerSecond: latencies.length / seconds, p50Ms: pick(0.5), p99Ms: pick(0.99), ops: latencies.length };
}

/** Runs `writers` loops of `op` for `seconds`, recording each call's latency. */
export async function measureThroughput(writers: number, seconds: number, op: Op): Promise<Throughput> {
  return summarise([await runRound(writers, seconds, op)]);
}

/**
 * A measure and its floor in alternating rounds, floor-measured-measured-floor and again, `seconds`
 * each in all: this machine kind's speed drifts by a tenth and more within a minute, and measured one
 * after the other the two would each catch a different part of the drift; interleaved, both see it
 * alike and the ratio between them holds still.
 */
export async function measureAgainstFloor(
  writers: number,
  seconds: number,
  rounds: number,
  ops: { floor: Op; measured: Op },
): Promise<{ floor: Throughput; measured: Throughput }> {
  const done = { floor: [] as Round[], measured: [] as Round[] };
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? (['floor', 'measured'] as const) : (['measured', 'floor'] as const);
    for (const which of order) done[which].push(await runRound(writers, seconds / rounds, ops[which]));
  }
  return { floor: summarise(done.floor), measured: summarise(done.measured) };
}
