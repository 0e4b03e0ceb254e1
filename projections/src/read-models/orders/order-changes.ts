import { sql, type Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { NO_WRITES, type BatchWrites } from '../../runtime/projection';

/** NOTIFY channel: sent by a batch that wrote feed rows, delivered when (and only if) it commits. */
export const ORDER_CHANGES_CHANNEL = 'order_changes';

/**
 * How many feed rows are kept. A live stream that resumes from an id older than the oldest kept
 * row gets a `reset` (refetch everything) instead of the changes it missed.
 */
export const ORDER_CHANGES_RETAINED = 10_000;

export interface OrderChange {
  seq: string;
  orderId: string;
  tenantId: string;
  userId: string;
  status: string;
  refCode: string;
  isNew: boolean;
  changedAt: Date;
}

/**
 * The orders projection's writes to the feed, in its batch's statement: one feed row per order the
 * batch changed (its state after the batch), the rows beyond the retention dropped, and a NOTIFY
 * that PostgreSQL delivers at commit (the delete sees the table as it was before the insert, so it
 * only ever drops older rows). The projection's advisory lock makes it the only writer, so `seq`
 * values become visible in order and a reader may remember "after seq N".
 */
export function orderChangesWrites(changes: readonly { view: OrderView; isNew: boolean }[]): BatchWrites {
  if (changes.length === 0) return NO_WRITES;
  const col = <T>(pick: (c: { view: OrderView; isNew: boolean }) => T) => changes.map(pick);
  const inserted = sql`
    insert into rm_order_changes (order_id, tenant_id, user_id, status, ref_code, is_new)
    select * from unnest(${col((c) => c.view.orderId)}::uuid[], ${col((c) => c.view.tenantId)}::text[], ${col((c) => c.view.userId)}::uuid[],
      ${col((c) => c.view.status)}::text[], ${col((c) => c.view.refCode)}::text[], ${col((c) => c.isNew)}::boolean[])
    returning seq`;
  const trimmed = sql`delete from rm_order_changes where seq <= (select max(seq) from changes_added) - ${ORDER_CHANGES_RETAINED}::bigint`;
  return {
    writes: [
      { name: 'changes_added', table: 'rm_order_changes', sql: inserted },
      { name: 'changes_trimmed', table: 'rm_order_changes', sql: trimmed },
    ],
    then: sql`pg_notify(${ORDER_CHANGES_CHANNEL}, (select max(seq) from changes_added)::text)`,
  };
}

/** The feed rows after `after`, oldest first. */
export async function orderChangesAfter(db: Kysely<ReadModelDatabase>, after: bigint, limit: number, upTo?: bigint): Promise<OrderChange[]> {
  let query = db
    .selectFrom('rm_order_changes')
    .select([sql<string>`seq::text`.as('seq'), 'order_id', 'tenant_id', 'user_id', 'status', 'ref_code', 'is_new', 'changed_at'])
    .where('seq', '>', after.toString())
    // The table's column: a bare `seq` names the output's text column, and "100" sorted before "99".
    .orderBy('rm_order_changes.seq')
    .limit(limit);
  if (upTo !== undefined) query = query.where('seq', '<=', upTo.toString());
  const rows = await query.execute();
  return rows.map((r) => ({
    seq: r.seq,
    orderId: r.order_id,
    tenantId: r.tenant_id,
    userId: r.user_id,
    status: r.status,
    refCode: r.ref_code,
    isNew: r.is_new,
    changedAt: r.changed_at,
  }));
}

/** The oldest and newest kept seq (0 when the feed is empty). */
export async function orderChangesBounds(db: Kysely<ReadModelDatabase>): Promise<{ oldest: bigint; newest: bigint }> {
  const row = await db
    .selectFrom('rm_order_changes')
    .select([sql<string | null>`min(seq)::text`.as('oldest'), sql<string | null>`max(seq)::text`.as('newest')])
    .executeTakeFirst();
  return { oldest: BigInt(row?.oldest ?? 0), newest: BigInt(row?.newest ?? 0) };
}
