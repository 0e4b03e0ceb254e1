import { sql } from 'kysely';
import { orderView, type OrderView } from '@desk/machines/order/order-state';
import { foldOrderOn, isOrderEvent, readOrderBatch, type StoredOrderStates } from '../order-batches';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';
import { noticeFor, type CustomerNotice } from './customer-notices';

/** NOTIFY channel: a batch that added notifications says so at commit; the SMS dispatcher listens. */
export const NOTIFICATIONS_CHANNEL = 'customer_notifications';

interface NoticeRow extends CustomerNotice {
  id: string;
  view: OrderView;
  at: Date;
}

const STORED: StoredOrderStates = { table: 'rm_notification_orders', orderId: 'order_id', position: 'stream_position' };

/**
 * What each customer is told (customer-notices.ts): one row per telling event, its id the event's,
 * inserted `on conflict do nothing`, so a batch applied again or a rebuild makes the same rows and
 * never a second one. The SMS for a row is sent by the job worker, which records each send by this
 * id in a table of its own that a rebuild does not empty (services/src/notifications). Each order's
 * state is folded on from the one stored after its last event, as the order history does.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: ['rm_notification_orders', 'rm_notifications'],
  handles: isOrderEvent,
  async writes(read, events) {
    const batch = await readOrderBatch(read, events, STORED);
    if (!batch) return NO_WRITES;
    const states: { view: OrderView; position: bigint }[] = [];
    const notices: NoticeRow[] = [];
    for (const [orderId, orderEvents] of batch.byOrder) {
      const { snapshot, position } = foldOrderOn(batch.stored.get(orderId), orderEvents, (after, event) => {
        const view = orderView(after);
        const notice = view && noticeFor(event.type, view);
        if (view && notice) notices.push({ ...notice, id: event.eventId, view, at: event.recordedAt });
      });
      const view = orderView(snapshot);
      if (view) states.push({ view, position });
    }
    return {
      writes: [...saveStates(states), ...insertNotices(notices)],
      ...(notices.length > 0 ? { then: sql`pg_notify(${NOTIFICATIONS_CHANNEL}, '')` } : {}),
    };
  },
};

function saveStates(states: { view: OrderView; position: bigint }[]): BatchWrite[] {
  if (states.length === 0) return [];
  const upsert = sql`
    insert into rm_notification_orders (order_id, stream_position, view)
    select * from unnest(${states.map((s) => s.view.orderId)}::uuid[], ${states.map((s) => s.position.toString())}::bigint[],
      ${states.map((s) => JSON.stringify(s.view))}::jsonb[])
    on conflict (order_id) do update set stream_position = excluded.stream_position, view = excluded.view`;
  return [{ name: 'notification_orders_saved', table: 'rm_notification_orders', sql: upsert }];
}

function insertNotices(rows: NoticeRow[]): BatchWrite[] {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: NoticeRow) => T) => rows.map(pick);
  const insert = sql`
    insert into rm_notifications (id, user_id, tenant_id, order_id, kind, facts, created_at)
    select * from unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.view.userId)}::uuid[], ${col((r) => r.view.tenantId)}::text[],
      ${col((r) => r.view.orderId)}::uuid[], ${col((r) => r.kind)}::text[], ${col((r) => JSON.stringify(r.facts))}::jsonb[],
      ${col((r) => r.at)}::timestamptz[])
    on conflict (id) do nothing`;
  return [{ name: 'notifications_added', table: 'rm_notifications', sql: insert }];
}
