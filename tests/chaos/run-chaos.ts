import { checkAfterRun, type AfterRunChecks } from './after-run-checks';
import { FAULTS, type ChaosOptions, type FaultName } from './chaos-options';
import { registerCustomers, signInAdmin, startChaosTopology } from './chaos-topology';
import { INJECTORS, type Injection } from './fault-injectors';
import { faultTable, recoveryTimes, type FaultRow } from './fault-report';
import { fullableFileStorage, type FullableStorage } from './full-file-storage';
import { watchLive } from './live-watch';
import { noisyProof } from './proof-image';
import { newTally, RetryingClient, sleep, type ClientTally } from './retrying-client';
import { seededRandom, type Random } from './seeded-random';
import { waitFor } from '../support/wait-for';
import { startWorkload, type WorkloadRecord } from './workload';

export interface ChaosResult {
  options: ChaosOptions;
  startedAt: Date;
  /** How long the workload ran under faults, and the whole run. */
  workloadMs: number;
  wallMs: number;
  injections: Injection[];
  rows: FaultRow[];
  record: WorkloadRecord;
  tally: ClientTally;
  checks: AfterRunChecks;
  /** The distinct errors the services logged (level error), with how often each came. */
  serverLog: string[];
}

/**
 * A chaos run: the compose topology as processes, the workload through the proxy, the faults one
 * after another at moments drawn from the seed until the duration is up (and each fault at least
 * once), then the workload drained and everything checked (after-run-checks.ts).
 */
export async function runChaos(options: ChaosOptions, progress: (line: string) => void = () => undefined): Promise<ChaosResult> {
  const startedAt = new Date();
  // Two draws from the seed: the faults' (order, gaps, choices) and the proofs' noise. One draw for
  // both made the faults depend on how many proofs the workload had asked for by then, which is
  // timing: a seed did not replay its faults.
  const random = seededRandom(options.seed);
  const proofNoise = seededRandom(options.seed ^ 0x5bd1e995);
  progress(`chaos: seed ${options.seed} (replay with --seed ${options.seed}); starting the topology`);
  const { topology, gateway } = await startChaosTopology();
  let storage: FullableStorage | null = null;
  const tally = newTally();
  try {
    if (options.faults.includes('storage-full')) storage = await fullableFileStorage(topology.postgres.superuserUrl, topology.databaseUrl);
    const client = new RetryingClient(topology.proxy.url, tally);
    let admin = await signInAdmin(client);
    const customers = await registerCustomers(client, gateway, options.customers);
    const live = watchLive(client, topology.proxy.url, topology.apis[0]!, () => admin);
    await Promise.race([live.ready, sleep(30_000).then(() => Promise.reject(new Error('the live stream did not open within 30 s')))]);
    const workload = startWorkload({
      client,
      customers,
      admin: () => admin,
      proof: () => noisyProof(proofNoise),
      drainMs: options.drainMs,
      thinkMs: options.thinkMs,
    });

    const injections: Injection[] = [];
    const workloadStarted = Date.now();
    progress(`chaos: workload started (${Math.round((workloadStarted - startedAt.getTime()) / 1000)} s in)`);
    const ticker = setInterval(() => {
      const seconds = Math.round((Date.now() - workloadStarted) / 1000);
      const errors = [...tally.answers].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
      progress(
        `chaos: ${seconds} s, ${injections.length} faults injected, ${workload.acknowledged} commands acknowledged, ${errors} 5xx answers, ${tally.noAnswer} unanswered attempts`,
      );
    }, 5_000);
    try {
      const order = faultOrder(options.faults, random);
      const injected = new Set<FaultName>();
      for (;;) {
        const everyOnce = options.faults.every((f) => injected.has(f));
        if (Date.now() - workloadStarted >= options.durationMs && everyOnce) break;
        await sleep(random.between(...options.gapMs));
        const fault = order.next();
        progress(`chaos: injecting ${fault}`);
        const injection = await INJECTORS[fault]({
          topology,
          random,
          storage,
          pauseMs: options.pauseMs,
          fullMs: options.fullMs,
          partitionMs: options.partitionMs,
          inFlight: () => client.inFlight,
          storageRefusals: () => client.tally.failures.filter((f) => f.code === 'storage_full').length,
        });
        injections.push(injection);
        injected.add(fault);
        progress(`chaos: ${fault}: ${injection.detail}`);
      }
    } finally {
      clearInterval(ticker);
    }
    // The last faults' recovery is the next command acknowledged: the work goes on until it comes.
    await waitFor(
      'the last faults to recover',
      async () => recoveryTimes(injections, workload.record.acknowledged).every((i) => i.recoveredAt !== null),
      options.drainMs,
    ).catch(() => undefined);
    const workloadMs = Date.now() - workloadStarted;
    progress(`chaos: draining the workload (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in)`);
    const record = await workload.stop();
    // The admin's session may have been refused meanwhile; the checks read with a fresh one.
    admin = await signInAdmin(client).catch(() => admin);
    progress(`chaos: checking (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in)`);
    const checks = await checkAfterRun({ topology, client, record, customers, live });
    const withRecovery = recoveryTimes(injections, record.acknowledged);
    const serverLog = distinctErrors(topology.output());
    return {
      options,
      startedAt,
      workloadMs,
      wallMs: Date.now() - startedAt.getTime(),
      injections: withRecovery,
      rows: faultTable(withRecovery, record.acknowledged, checks.store.discrepancies),
      record,
      tally,
      checks,
      serverLog,
    };
  } catch (error) {
    const failures = tally.failures.slice(-15).map((f) => `${new Date(f.at).toISOString()} ${f.path} ${f.status ?? 'no answer'} ${f.code ?? ''}`);
    const output = topology.output().slice(-4000);
    throw new Error(
      `${(error as Error).message}\n--- the client's last failed attempts:\n${failures.join('\n')}\n--- the processes' output (last 4000 characters):\n${output}`,
      {
        cause: error,
      },
    );
  } finally {
    await topology.stop();
    storage?.close();
    await gateway.close();
  }
}

/** The faults in seeded random order, a whole round of them before any repeats. */
function faultOrder(faults: FaultName[], random: Random) {
  let round: FaultName[] = [];
  return {
    next(): FaultName {
      if (round.length === 0) {
        round = [...faults].sort((a, b) => FAULTS.indexOf(a) - FAULTS.indexOf(b));
        for (let i = round.length - 1; i > 0; i--) {
          const j = random.between(0, i);
          [round[i], round[j]] = [round[j]!, round[i]!];
        }
      }
      return round.shift()!;
    },
  };
}

/** The services' error lines (JSON logs at level error), alike ones counted together. */
function distinctErrors(output: string): string[] {
  const seen = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!line.includes('"level":"error"')) continue;
    let text = line;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      text = [entry.msg, entry.error, entry.err, entry.code].filter(Boolean).map(String).join(': ');
    } catch {
      // not JSON: the line itself
    }
    const key = text.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').slice(0, 400);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([text, n]) => `${n}× ${text}`);
}
