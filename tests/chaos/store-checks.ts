import pg from 'pg';
import type { Acknowledged, CommandKind, WorkloadRecord } from './workload';

/** One acknowledged command the store does not hold as acknowledged: lost (not there) or duplicated (there twice). */
export interface Discrepancy {
  kind: CommandKind | 'unacknowledged-order';
  problem: 'lost' | 'duplicated';
  key: string;
  orderId: string;
  /** When the command was first sent (or the extra order recorded): which fault it falls under. */
  at: number;
  detail: string;
}

export interface StoreCheck {
  discrepancies: Discrepancy[];
  /** Orders the workload's customers hold in the store. */
  ordersInStore: number;
  /** Orders completed more than once (must be none). */
  completedTwice: string[];
  /** INR completed per customer (their orders completed in the store), for the limits check. */
  completedInr: Map<string, number>;
}

interface OrderEvents {
  placed: { at: number; userId: string; fiatAmount: string }[];
  proofs: string[];
  completions: { cryptoReference: string | null }[];
}

/**
 * Every acknowledged command, looked for in the event store: an order's OrderPlaced, a proof's
 * ProofSubmitted with its bank reference, a completion's OrderCompleted. Exactly one of each; and no
 * order of the workload's customers that no acknowledged command placed (a retry that placed a
 * second order), beyond the commands that never got an answer at all.
 */
export async function checkAcknowledgedInStore(databaseUrl: string, record: WorkloadRecord, customerIds: string[]): Promise<StoreCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const orders = new Map<string, OrderEvents>();
  try {
    const { rows } = await client.query<{ stream_id: string; event_type: string; data: any; recorded_at: Date }>(
      `select stream_id, event_type, data, recorded_at from es_events
       where stream_id like 'order-%' and event_type in ('OrderPlaced', 'ProofSubmitted', 'OrderCompleted')
       order by global_position`,
    );
    for (const row of rows) {
      const id = row.stream_id.slice('order-'.length);
      const order = orders.get(id) ?? { placed: [], proofs: [], completions: [] };
      orders.set(id, order);
      if (row.event_type === 'OrderPlaced') order.placed.push({ at: row.recorded_at.getTime(), userId: row.data.userId, fiatAmount: row.data.fiatAmount });
      if (row.event_type === 'ProofSubmitted') order.proofs.push(row.data.reference);
      if (row.event_type === 'OrderCompleted') order.completions.push(row.data);
    }
  } finally {
    await client.end();
  }

  const discrepancies: Discrepancy[] = [];
  const found = (a: Acknowledged, problem: Discrepancy['problem'], detail: string) =>
    discrepancies.push({ kind: a.kind, problem, key: a.key, orderId: a.orderId, at: a.sentAt, detail });
  const byKey = new Map<string, Acknowledged[]>();
  for (const a of record.acknowledged) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);

  for (const [key, answers] of byKey) {
    const first = answers[0]!;
    if (new Set(answers.map((a) => a.orderId)).size > 1)
      found(first, 'duplicated', `${key} was answered with orders ${answers.map((a) => a.orderId).join(', ')}`);
    const order = orders.get(first.orderId);
    const count =
      first.kind === 'place'
        ? (order?.placed.length ?? 0)
        : first.kind === 'upload'
          ? (order?.proofs.filter((r) => r === first.reference).length ?? 0)
          : (order?.completions.length ?? 0);
    if (count === 0) found(first, 'lost', `acknowledged, but no ${first.kind} event for order ${first.orderId}`);
    if (count > 1) found(first, 'duplicated', `${count} ${first.kind} events for order ${first.orderId}`);
  }

  const customers = new Set(customerIds);
  const acknowledgedOrders = new Set(record.acknowledged.filter((a) => a.kind === 'place').map((a) => a.orderId));
  const theirs = [...orders].filter(([, o]) => o.placed.some((p) => customers.has(p.userId)));
  const extra = theirs.filter(([id]) => !acknowledgedOrders.has(id));
  // A command that never got an answer may have been carried out: that order is unacknowledged, not a duplicate.
  const unanswered = record.unsettled.filter((u) => u.kind === 'place').length;
  for (const [id, o] of extra.slice(unanswered)) {
    discrepancies.push({
      kind: 'unacknowledged-order',
      problem: 'duplicated',
      key: '',
      orderId: id,
      at: o.placed[0]!.at,
      detail: 'an order no acknowledged command placed',
    });
  }

  return {
    discrepancies,
    ordersInStore: theirs.length,
    completedTwice: [...orders].filter(([, o]) => o.completions.length > 1).map(([id]) => id),
    completedInr: theirs.reduce((sums, [, o]) => {
      const placed = o.placed[0]!;
      if (o.completions.length > 0) sums.set(placed.userId, (sums.get(placed.userId) ?? 0) + Number(placed.fiatAmount));
      return sums;
    }, new Map<string, number>()),
  };
}
