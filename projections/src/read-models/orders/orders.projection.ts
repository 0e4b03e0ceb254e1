import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { orderView, type OrderView } from '@desk/machines/order/order-state';
import { foldOrderOn, isOrderEvent, readOrderBatch, type StoredOrderStates } from '../order-batches';
import { orderChangesWrites } from './order-changes';
import { CustomerUsageDeltas } from './customer-usage-days';
import type { OrderPlaced } from '@desk/machines/order/order.events';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';

const STORED: StoredOrderStates = { table: 'rm_orders', orderId: 'id', position: 'version' };

type CountKey = string;
const countKey = (v: OrderView): CountKey => JSON.stringify([v.tenantId, v.status, v.orderType, v.network]);

/**
 * The order lists (customer and admin), their counts and totals: every order event folded
 * through the same machine that decided it, so the read model cannot disagree with the decisions.
 * A batch costs one read of the orders it continues (none when all are new), then one statement:
 * three multi-row upserts (rows, counts, the customer limits' ledger) and the live streams' feed,
 * with the checkpoint.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  tables: ['rm_orders', 'rm_order_counts', 'rm_order_changes', 'rm_customer_usage_days'],
  handles: isOrderEvent,
  async writes(read, events) {
    const batch = await readOrderBatch(read, events, STORED);
    if (!batch) return NO_WRITES;
    const rows: { view: OrderView; version: bigint; isNew: boolean }[] = [];
    const deltas = new Map<CountKey, { orders: number; fiat: Decimal }>();
    const shift = (view: OrderView, sign: 1 | -1) => {
      const key = countKey(view);
      const delta = deltas.get(key) ?? { orders: 0, fiat: new Decimal(0) };
      delta.orders += sign;
      delta.fiat = delta.fiat.plus(new Decimal(view.fiatAmount).times(sign));
      deltas.set(key, delta);
    };
    const usage = new CustomerUsageDeltas();

    for (const [orderId, orderEvents] of batch.byOrder) {
      const before = batch.stored.get(orderId);
      const { snapshot, position: version } = foldOrderOn(before, orderEvents, (_, event) => {
        if (event.type === 'OrderPlaced') usage.shown(event.data as OrderPlaced['data']);
      });
      const view = orderView(snapshot);
      if (!view) continue;
      if (before) {
        shift(before.view, -1);
        usage.held(before.view, -1);
      }
      shift(view, 1);
      usage.held(view, 1);
      rows.push({ view, version, isNew: !before });
    }
    // The live streams' feed (docs/projections.md), committed with the rows it announces.
    const feed = orderChangesWrites(rows);
    return { writes: [...upsertOrders(rows), ...countDeltas(deltas), ...usage.writes(), ...feed.writes], then: feed.then };
  },
};

function upsertOrders(rows: { view: OrderView; version: bigint }[]): BatchWrite[] {
  if (rows.length === 0) return [];
  const col = <T>(pick: (v: OrderView) => T) => rows.map((r) => pick(r.view));
  const upsert = sql`
    insert into rm_orders as o (id, ref_code, tenant_id, user_id, user_phone, type, method, network, status,
      fiat_amount, crypto_amount, proof_count, payment_due_at, created_at, updated_at, version, completion_requested_by, late_paid_at, view)
    select * from unnest(
      ${col((v) => v.orderId)}::uuid[], ${col((v) => v.refCode)}::text[], ${col((v) => v.tenantId)}::text[],
      ${col((v) => v.userId)}::uuid[], ${col((v) => v.userPhone)}::text[], ${col((v) => v.orderType)}::text[],
      ${col((v) => v.method)}::text[], ${col((v) => v.network)}::text[], ${col((v) => v.status)}::text[],
      ${col((v) => v.fiatAmount)}::numeric[], ${col((v) => v.cryptoAmount)}::numeric[], ${col((v) => v.proofCount)}::int[],
      ${col((v) => v.paymentDueAt)}::timestamptz[], ${col((v) => v.createdAt)}::timestamptz[], ${col((v) => v.updatedAt)}::timestamptz[],
      ${rows.map((r) => r.version.toString())}::bigint[], ${col((v) => v.completionRequest?.requestedBy ?? null)}::text[],
      ${col((v) => v.latePaidAt ?? null)}::timestamptz[], ${rows.map((r) => JSON.stringify(r.view))}::jsonb[])
    on conflict (id) do update set
      status = excluded.status, fiat_amount = excluded.fiat_amount, crypto_amount = excluded.crypto_amount,
      proof_count = excluded.proof_count, updated_at = excluded.updated_at, version = excluded.version,
      completion_requested_by = excluded.completion_requested_by, late_paid_at = excluded.late_paid_at, view = excluded.view`;
  return [{ name: 'orders', table: 'rm_orders', sql: upsert }];
}

function countDeltas(deltas: Map<CountKey, { orders: number; fiat: Decimal }>): BatchWrite[] {
  const entries = [...deltas].filter(([, d]) => d.orders !== 0 || !d.fiat.isZero());
  if (entries.length === 0) return [];
  const keys = entries.map(([key]) => JSON.parse(key) as [string, string, string, string]);
  const upsert = sql`
    insert into rm_order_counts as c (tenant_id, status, type, network, orders, fiat_total)
    select * from unnest(${keys.map((k) => k[0])}::text[], ${keys.map((k) => k[1])}::text[], ${keys.map((k) => k[2])}::text[],
      ${keys.map((k) => k[3])}::text[], ${entries.map(([, d]) => d.orders)}::bigint[], ${entries.map(([, d]) => d.fiat.toFixed(2))}::numeric[])
    on conflict (tenant_id, status, type, network) do update set
      orders = c.orders + excluded.orders, fiat_total = c.fiat_total + excluded.fiat_total`;
  return [{ name: 'order_counts', table: 'rm_order_counts', sql: upsert }];
}
