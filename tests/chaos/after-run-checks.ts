import pg from 'pg';
import type { Topology } from '../topology/compose-topology';
import { waitFor } from '../support/wait-for';
import type { LiveWatch } from './live-watch';
import { differingTables, readModelChecksums } from './read-model-checksums';
import type { RetryingClient } from './retrying-client';
import { checkAcknowledgedInStore, type StoreCheck } from './store-checks';
import type { Customer, WorkloadRecord } from './workload';

export interface AfterRunChecks {
  store: StoreCheck;
  /** Customers whose completed INR or counted usage went past a limit in force. */
  overLimits: string[];
  /** How many customers had a daily limit in force (none: the check had nothing to hold). */
  limitsInForce: number;
  live: { changes: number; missed: number; reconnects: number; resets: number };
  /** Read-model tables that differ from a fresh rebuild (none). */
  rebuildDiffers: string[];
  rebuildTables: number;
  auditVerified: boolean;
  auditOutput: string;
}

/** Waits until every projection has applied every event (`projections status`, as an operator reads it). */
export async function untilProjected(topology: Topology, timeoutMs = 180_000): Promise<void> {
  await waitFor(
    'every projection caught up',
    async () => {
      const run = await topology.runWith('projector', ['npm', 'run', '--silent', 'projections', '--', 'status']);
      if (run.code !== 0) return false;
      const statuses = JSON.parse(run.stdout) as { eventsBehind: number; rebuilding: unknown }[];
      return statuses.every((s) => s.eventsBehind === 0 && s.rebuilding === null);
    },
    timeoutMs,
  );
}

/** Everything the run must leave true, checked once the faults and the workload have stopped. */
export async function checkAfterRun(
  topology: Topology,
  client: RetryingClient,
  record: WorkloadRecord,
  customers: Customer[],
  live: LiveWatch,
): Promise<AfterRunChecks> {
  await untilProjected(topology);

  // The live stream: every change in the feed reached it (it waits for the last few to arrive).
  const feed = await feedSeqs(topology.databaseUrl);
  await waitFor('the live stream to catch up', async () => feed.every((seq) => live.seen.has(seq)), 30_000).catch(() => undefined);
  await live.stop();
  const missed = feed.filter((seq) => !live.seen.has(seq)).length;

  const store = await checkAcknowledgedInStore(
    topology.databaseUrl,
    record,
    customers.map((c) => c.userId),
  );

  const overLimits: string[] = [];
  let limitsInForce = 0;
  for (const customer of customers) {
    const limits = (await client.once('GET', '/api/orders/limits', undefined, customer.token))?.body;
    const daily = limits?.daily as { limitInr: number; usedInr: number } | null;
    if (!daily) continue;
    limitsInForce++;
    const completed = store.completedInr.get(customer.userId) ?? 0;
    if (daily.usedInr > daily.limitInr || completed > daily.limitInr)
      overLimits.push(`${customer.userId}: ${completed} INR completed, ${daily.usedInr} used of ${daily.limitInr}`);
  }

  const before = await readModelChecksums(topology.databaseUrl);
  const rebuild = await topology.runWith('projector', ['npm', 'run', '--silent', 'projections', '--', 'rebuild', '--restart']);
  if (rebuild.code !== 0) throw new Error(`projections rebuild failed: ${rebuild.stderr}`);
  await untilProjected(topology);
  const after = await readModelChecksums(topology.databaseUrl);

  const audit = await topology.runWith('api', ['npm', 'run', '--silent', 'audit', '--', 'verify-store']);

  return {
    store,
    overLimits,
    limitsInForce,
    live: { changes: feed.length, missed, reconnects: live.reconnects, resets: live.resets },
    rebuildDiffers: differingTables(before, after),
    rebuildTables: before.size,
    auditVerified: audit.code === 0,
    auditOutput: `${audit.stdout}${audit.stderr}`.trim().split('\n').slice(-5).join('\n'),
  };
}

async function feedSeqs(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ seq: string }>('select seq::text from rm_order_changes order by seq')).rows.map((r) => r.seq);
  } finally {
    await client.end();
  }
}
