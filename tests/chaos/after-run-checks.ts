import pg from 'pg';
import type { Topology } from '../topology/compose-topology';
import { waitFor } from '../support/wait-for';
import type { LiveWatch } from './live-watch';
import { differingTables, readModelChecksums } from './read-model-checksums';
import type { RetryingClient } from './retrying-client';
import { operatorTools } from './operator-tools';
import { checkAcknowledgedInStore, type StoreCheck } from './store-checks';
import type { Customer, WorkloadRecord } from './workload';

export interface AfterRunChecks {
  store: StoreCheck;
  /** Customers whose completed INR or counted usage went past a limit in force. */
  overLimits: string[];
  /** How many customers had a daily limit in force (none: the check had nothing to hold). */
  limitsInForce: number;
  live: { changes: number; missed: number; reconnects: number; resets: number; missedRows: string[] };
  /** Read-model tables that differ from a fresh rebuild (none). */
  rebuildDiffers: string[];
  rebuildTables: number;
  auditVerified: boolean;
  auditOutput: string;
}

/** What a finished run hands the checks. */
export interface FinishedRun {
  topology: Topology;
  client: RetryingClient;
  record: WorkloadRecord;
  customers: Customer[];
  live: LiveWatch;
}

/** Everything the run must leave true, checked once the faults and the workload have stopped. */
export async function checkAfterRun(run: FinishedRun): Promise<AfterRunChecks> {
  const tools = await operatorTools(run.topology.databaseUrl);
  try {
    return await checkWith(tools, run);
  } finally {
    await tools.close();
  }
}

async function checkWith(
  tools: Awaited<ReturnType<typeof operatorTools>>,
  { topology, client, record, customers, live }: FinishedRun,
): Promise<AfterRunChecks> {
  await tools.untilProjected();

  // The live stream: every change in the feed reached it (it waits for the last few to arrive).
  const feed = await feedSeqs(topology.databaseUrl);
  await waitFor('the live stream to catch up', async () => feed.every((row) => live.seen.has(row.seq)), 30_000).catch(() => undefined);
  await live.stop();
  const missedRows = feed.filter((row) => !live.seen.has(row.seq)).map((row) => `${row.seq} ${row.status} at ${row.changedAt}`);

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
  await tools.rebuildAll();
  await tools.untilProjected();
  const after = await readModelChecksums(topology.databaseUrl);

  const audit = await tools.verifyAudit();

  return {
    store,
    overLimits,
    limitsInForce,
    live: { changes: feed.length, missed: missedRows.length, reconnects: live.reconnects, resets: live.resets, missedRows },
    rebuildDiffers: differingTables(before, after),
    rebuildTables: before.size,
    auditVerified: audit.verified,
    auditOutput: audit.output,
  };
}

async function feedSeqs(databaseUrl: string): Promise<{ seq: string; status: string; changedAt: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seq: string; status: string; changed_at: Date }>(
      'select seq::text, status, changed_at from rm_order_changes order by seq',
    );
    return rows.map((r) => ({ seq: r.seq, status: r.status, changedAt: r.changed_at.toISOString() }));
  } finally {
    await client.end();
  }
}
