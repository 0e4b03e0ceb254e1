import { sql, type Kysely } from 'kysely';
import { orderView, type OrderView } from '@desk/machines/order/order-state';
import { eventsByOrder, foldOrderOn, isOrderEvent, ordersBeyondTheirStart } from '../order-batches';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';

interface Open {
  view: OrderView;
  position: bigint;
}

interface HistoryRow {
  view: OrderView;
  position: bigint;
  validFrom: Date;
  validTo: Date | null;
}

// Not PREPARED: prepared, its plan was made once for any number of ids, and cost five times the one
// made for the ids at hand (docs/performance.md).
async function loadOpen(read: Kysely<ReadModelDatabase>, ids: string[]): Promise<Map<string, Open>> {
  if (ids.length === 0) return new Map();
  const rows = await read
    .selectFrom('rm_order_history')
    .select(['order_id', 'view', 'stream_position'])
    .where('order_id', 'in', ids)
    .where('valid_to', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.order_id, { view: r.view as OrderView, position: BigInt(r.stream_position) }]));
}

/**
 * Each order's state after each of its events, folded by the order machine, with the interval it
 * held (from the event's recorded time to the next one's). Compliance's order book "as of" any
 * instant reads the rows whose interval contains it. A batch reads the open rows of the orders it
 * continues, then closes them with one update and inserts the new states with one insert, in the
 * batch's statement.
 */
export const orderHistoryProjection: Projection = {
  name: 'order-history',
  tables: ['rm_order_history'],
  handles: isOrderEvent,
  async writes(read, events) {
    const byOrder = eventsByOrder(events);
    if (byOrder.size === 0) return NO_WRITES;

    const open = await loadOpen(read, ordersBeyondTheirStart(byOrder));
    const closes: { orderId: string; position: bigint; at: Date }[] = [];
    const rows: HistoryRow[] = [];
    for (const [orderId, orderEvents] of byOrder) {
      const before = open.get(orderId);
      const states: HistoryRow[] = [];
      foldOrderOn(before, orderEvents, (snapshot, event) => {
        const view = orderView(snapshot);
        if (!view) return;
        const previous = states[states.length - 1];
        if (previous) previous.validTo = event.recordedAt;
        states.push({ view, position: event.streamPosition, validFrom: event.recordedAt, validTo: null });
      });
      if (before && states[0]) closes.push({ orderId, position: before.position, at: states[0].validFrom });
      rows.push(...states);
    }
    return { writes: [...closeRows(closes), ...insertRows(rows)] };
  },
};

function closeRows(closes: { orderId: string; position: bigint; at: Date }[]): BatchWrite[] {
  if (closes.length === 0) return [];
  const update = sql`
    update rm_order_history h set valid_to = c.at
    from unnest(${closes.map((c) => c.orderId)}::uuid[], ${closes.map((c) => c.position.toString())}::bigint[], ${closes.map((c) => c.at)}::timestamptz[])
      as c(order_id, position, at)
    where h.order_id = c.order_id and h.stream_position = c.position`;
  return [{ name: 'history_closed', table: 'rm_order_history', sql: update }];
}

function insertRows(rows: HistoryRow[]): BatchWrite[] {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: HistoryRow) => T) => rows.map(pick);
  const insert = sql`
    insert into rm_order_history (order_id, stream_position, tenant_id, status, valid_from, valid_to, created_at, view)
    select * from unnest(
      ${col((r) => r.view.orderId)}::uuid[], ${col((r) => r.position.toString())}::bigint[], ${col((r) => r.view.tenantId)}::text[],
      ${col((r) => r.view.status)}::text[], ${col((r) => r.validFrom)}::timestamptz[], ${col((r) => r.validTo)}::timestamptz[],
      ${col((r) => r.view.createdAt)}::timestamptz[], ${col((r) => JSON.stringify(r.view))}::jsonb[])
    on conflict (order_id, stream_position) do nothing`;
  return [{ name: 'history_added', table: 'rm_order_history', sql: insert }];
}
