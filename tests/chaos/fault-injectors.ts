import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { projectionLockHolder } from '../../projections/src/runtime/projection-lock';
import type { ServiceProcess, Topology } from '../topology/compose-topology';
import type { FaultName } from './chaos-options';
import type { FullableStorage } from './full-file-storage';
import { sleep } from './retrying-client';
import type { Random } from './seeded-random';

/** One fault, as it happened. */
export interface Injection {
  fault: FaultName;
  injectedAt: number;
  /** When the cause was taken away (the process started again, space given back, the worker resumed). */
  restoredAt: number;
  /** When the service answered again, as each fault measures it (recovery-times.ts completes the rest). */
  recoveredAt: number | null;
  /** What was hit: which replica, which signal, how many requests the client had in flight. */
  detail: string;
}

export interface FaultContext {
  topology: Topology;
  random: Random;
  storage: FullableStorage | null;
  pauseMs: number;
  fullMs: number;
  partitionMs: number;
  /** Requests the workload has in flight right now. */
  inFlight(): number;
  /** Uploads the workload has had refused with 503 storage_full so far. */
  storageRefusals(): number;
}

type Injector = (context: FaultContext) => Promise<Injection>;

const RECOVERY_TIMEOUT_MS = 120_000;
const FULL_HOLD_MAX_MS = 60_000;

let apiKills = 0;

/** Each fault: inject it, take the cause away as compose (or the operator) would, and say when. */
export const INJECTORS: Record<FaultName, Injector> = {
  'api-kill': async ({ topology, inFlight }) => {
    // Each replica in turn, the first first: the live stream is opened on it (live-watch.ts), so the first kill cuts it.
    const apis = topology.processes.filter((p) => p.service === 'api');
    const victim = apis[apiKills++ % apis.length]!;
    const url = topology.apis[apis.indexOf(victim)]!;
    await untilBusy(inFlight);
    const busy = inFlight();
    const injectedAt = Date.now();
    signalGroup(victim, 'SIGKILL');
    // restart: unless-stopped: compose starts the container again at once.
    await topology.restart(victim);
    const restoredAt = Date.now();
    const recoveredAt = await untilServing(url);
    return { fault: 'api-kill', injectedAt, restoredAt, recoveredAt, detail: `api#${victim.replica} SIGKILL with ${busy} requests in flight` };
  },

  'projector-kill': async ({ topology }) => {
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: topology.databaseUrl, max: 1 }) }) });
    try {
      // Right after another fault (a PostgreSQL restart cut its connection) no projector holds the lock
      // for a moment: the active one is retrying. The fault is the active projector's death: wait for one.
      const holder = await activeHolder(db);
      const pid = Number(/:(\d+)$/.exec(holder?.instance ?? '')?.[1]);
      const victim = topology.processes.find((p) => p.service === 'projector' && isDescendant(pid, p.child.pid!));
      if (!victim) throw new Error(`no projector holds the orders projection (holder: ${JSON.stringify(holder)})`);
      const injectedAt = Date.now();
      signalGroup(victim, 'SIGKILL');
      await topology.restart(victim);
      const restoredAt = Date.now();
      const recoveredAt = await until(async () => {
        const next = await projectionLockHolder(db, 'orders').catch(() => null);
        return next !== null && next.pid !== holder!.pid;
      });
      return { fault: 'projector-kill', injectedAt, restoredAt, recoveredAt, detail: `projector#${victim.replica} (holding orders) SIGKILL` };
    } finally {
      await db.destroy();
    }
  },

  'postgres-restart': async ({ topology }) => {
    const injectedAt = Date.now();
    await topology.postgres.restart();
    // How long it was away: a request that failed in it holds its key until it is back (decision 0058).
    const restoredAt = Date.now();
    const detail = `fast restart (SIGINT, then start) in ${((restoredAt - injectedAt) / 1000).toFixed(1)} s`;
    return { fault: 'postgres-restart', injectedAt, restoredAt, recoveredAt: null, detail };
  },

  'postgres-partition': async ({ topology, partitionMs }) => {
    const network = topology.postgres.network;
    if (!network) throw new Error('the services reach PostgreSQL straight, not through a hop that can be partitioned');
    const injectedAt = Date.now();
    network.partition();
    await sleep(partitionMs);
    // The bytes held are delivered: a statement with no bound (the projector's) gets its answer.
    network.restore();
    return {
      fault: 'postgres-partition',
      injectedAt,
      restoredAt: Date.now(),
      recoveredAt: null,
      detail: `every byte between the services and PostgreSQL held for ${Math.round(partitionMs / 1000)} s, then delivered`,
    };
  },

  'redis-restart': async ({ topology, random }) => {
    const signal = random.pick(['SIGTERM', 'SIGKILL'] as const);
    const injectedAt = Date.now();
    await topology.redis.restart(signal);
    return { fault: 'redis-restart', injectedAt, restoredAt: Date.now(), recoveredAt: null, detail: `${signal}, started again on its port with its data` };
  },

  'worker-pause': async ({ topology, pauseMs }) => {
    const worker = topology.processes.find((p) => p.service === 'worker')!;
    const injectedAt = Date.now();
    signalGroup(worker, 'SIGSTOP');
    await sleep(pauseMs);
    signalGroup(worker, 'SIGCONT');
    return {
      fault: 'worker-pause',
      injectedAt,
      restoredAt: Date.now(),
      recoveredAt: null,
      detail: `SIGSTOP for ${Math.round(pauseMs / 1000)} s, then SIGCONT`,
    };
  },

  'storage-full': async ({ storage, fullMs, storageRefusals }) => {
    if (!storage) throw new Error('the file storage cannot be filled here');
    const refusedBefore = storageRefusals();
    const injectedAt = Date.now();
    storage.fill();
    await sleep(fullMs);
    // Held until an upload has met it, at most a minute more: customers whose key a killed API still
    // holds wait on it for up to a minute, and on a busy machine the few others may not upload within
    // the short run's three seconds, which left the run without the refusal it must show.
    const deadline = Date.now() + FULL_HOLD_MAX_MS;
    while (storageRefusals() === refusedBefore && Date.now() < deadline) await sleep(50);
    storage.free();
    return {
      fault: 'storage-full',
      injectedAt,
      restoredAt: Date.now(),
      recoveredAt: null,
      detail: `the uploads' filesystem full for ${Math.round(fullMs / 1000)} s`,
    };
  },
};

/** Waits (briefly) for requests to be in flight, so a kill lands mid-request. */
async function untilBusy(inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (inFlight() < 2 && Date.now() < deadline) await sleep(5);
}

/** Who holds the orders projection's lock, once someone does (null after the recovery timeout). */
async function activeHolder(db: Kysely<any>): Promise<Awaited<ReturnType<typeof projectionLockHolder>>> {
  const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
  for (;;) {
    const holder = await projectionLockHolder(db, 'orders').catch(() => null);
    if (holder !== null || Date.now() > deadline) return holder;
    await sleep(50);
  }
}

/** When the replica answers its readiness probe again: /readyz where it exists, else /api/health. */
async function untilServing(base: string): Promise<number | null> {
  return until(async () => {
    const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (ready && ready.status !== 404) return ready.ok;
    return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.ok ?? false;
  });
}

async function until(check: () => Promise<boolean>): Promise<number | null> {
  const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check()) return Date.now();
    await sleep(50);
  }
  return null;
}

/** The whole service: npm and the node process under it (the topology starts each in its own group). */
function signalGroup(p: ServiceProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-p.child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Whether `pid` is `ancestor` or runs under it (npm runs the node process as its child). */
function isDescendant(pid: number, ancestor: number): boolean {
  let current = pid;
  for (let depth = 0; depth < 5 && current > 1; depth++) {
    if (current === ancestor) return true;
    try {
      const stat = readFileSync(`/proc/${current}/stat`, 'utf8');
      current = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}
