import { sql } from 'kysely';
import { orderView, type OrderView } from '@desk/machines/order/order-state';
import { foldOrderOn, isOrderEvent, readOrderBatch, type StoredOrderStates } from '../order-batches';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';

interface HistoryRow {
  view: OrderView;
  position: bigint;
  validFrom: Date;
  validTo: Date | null;
}

// An order's open row (valid_to null) holds its last state.
const STORED: StoredOrderStates = { table: 'rm_order_history', orderId: 'order_id', position: 'stream_position', latest: sql`valid_to is null` };

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
    const batch = await readOrderBatch(read, events, STORED);
    if (!batch) return NO_WRITES;
    const closes: { orderId: string; position: bigint; at: Date }[] = [];
    const rows: HistoryRow[] = [];
    for (const [orderId, orderEvents] of batch.byOrder) {
      const before = batch.stored.get(orderId);
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
