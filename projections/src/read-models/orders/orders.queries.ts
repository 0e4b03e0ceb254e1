import { sql, type Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import type { LimitWindows, WindowSplit } from '@desk/machines/order/customer-limits';
import { pageAndTotal } from '../paging';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { orderSearchMatches } from './order-search';

type Db = Kysely<ReadModelDatabase>;

export interface AdminOrderFilters {
  type?: string | undefined;
  status?: string | undefined;
  network?: string | undefined;
  refCode?: string | undefined;
  /** The spellings of one phone (services' phone-forms.ts): orders carrying any of them. */
  phones?: readonly string[] | undefined;
  /** `confirmation`: completions waiting for a second admin. */
  awaiting?: 'confirmation' | undefined;
}

/** A customer's own orders, newest first (the screen pages them client-side). */
export async function listUserOrders(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db.selectFrom('rm_orders').select('view').where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
  return rows.map((r) => r.view as OrderView);
}

/** `tenantId` null: every brand (operator admins). */
function filtered(db: Db, tenantId: string | null, filters: AdminOrderFilters) {
  let query = db.selectFrom('rm_orders');
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.network) query = query.where('network', '=', filters.network.toUpperCase());
  if (filters.refCode) query = query.where('ref_code', '=', filters.refCode.toUpperCase());
  const phones = filters.phones ?? [];
  // One spelling keeps the plan of the phone index, which is ordered like the page.
  if (phones.length === 1) query = query.where('user_phone', '=', phones[0]!);
  else if (phones.length > 1) query = query.where('user_phone', 'in', phones);
  if (filters.awaiting === 'confirmation') query = query.where('completion_requested_by', 'is not', null);
  return query;
}

/** The statement of one page of the admin list; each single filter has an index ordered like the page. */
export const adminOrdersPage = (db: Db, tenantId: string | null, filters: AdminOrderFilters, page: number, pageSize: number) =>
  filtered(db, tenantId, filters)
    .select('view')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);

/** One page of the admin list. */
export async function listAdminOrders(db: Db, tenantId: string | null, filters: AdminOrderFilters, page: number, pageSize: number): Promise<OrderView[]> {
  const rows = await adminOrdersPage(db, tenantId, filters, page, pageSize).execute();
  return rows.map((r) => r.view as OrderView);
}

/**
 * The total for the admin list. With no filter, or only type/status/network, it is a sum over the
 * small counts table; a ref code, a phone or "awaiting a second admin" narrows to a handful of rows
 * that are cheap to count.
 */
export async function countAdminOrders(db: Db, tenantId: string | null, filters: AdminOrderFilters): Promise<number> {
  if (filters.refCode || filters.phones?.length || filters.awaiting) {
    const row = await filtered(db, tenantId, filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let query = db.selectFrom('rm_order_counts');
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.network) query = query.where('network', '=', filters.network.toUpperCase());
  const row = await query.select(sql<string>`coalesce(sum(orders), 0)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Streams the filtered list in pages (keyset, newest first) so an export never holds it all. */
export async function* iterateAdminOrders(db: Db, tenantId: string | null, filters: AdminOrderFilters, batch = 1_000): AsyncGenerator<OrderView> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    let query = filtered(db, tenantId, filters).select(['view', 'created_at', 'id']);
    if (after) {
      const { createdAt, id } = after;
      query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id}::uuid)`);
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).execute();
    for (const row of rows) yield row.view as OrderView;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

export interface DashboardFigures {
  totalOrders: number;
  pendingOrders: number;
  completedOrders: number;
  todayOrders: number;
  totalVolume: string;
}

/** "Today" is the operator's day in India (Asia/Kolkata), whatever the server's time zone. */
export async function dashboardFigures(db: Db, tenantId: string | null): Promise<DashboardFigures> {
  let counts = db.selectFrom('rm_order_counts');
  let today = db.selectFrom('rm_orders');
  if (tenantId !== null) {
    counts = counts.where('tenant_id', '=', tenantId);
    today = today.where('tenant_id', '=', tenantId);
  }
  const totals = await counts
    .select([
      sql<string>`coalesce(sum(orders), 0)`.as('total'),
      sql<string>`coalesce(sum(orders) filter (where status = 'pending'), 0)`.as('pending'),
      sql<string>`coalesce(sum(orders) filter (where status = 'completed'), 0)`.as('completed'),
      sql<string>`coalesce(sum(fiat_total) filter (where status = 'completed'), 0)`.as('volume'),
    ])
    .executeTakeFirstOrThrow();
  const todays = await today
    .where(sql<boolean>`created_at >= (date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    totalOrders: Number(totals.total),
    pendingOrders: Number(totals.pending),
    completedOrders: Number(totals.completed),
    todayOrders: Number(todays.n),
    totalVolume: totals.volume,
  };
}

/** Unpaid orders whose payment window has passed: what the expiry sweep acts on. */
export async function overdueOrderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('rm_orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('proof_count', '=', 0)
    .where('payment_due_at', '<=', now)
    .orderBy('payment_due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface DailyFigures {
  /** The day in India (Asia/Kolkata), YYYY-MM-DD. */
  date: string;
  orders: number;
  /** INR of the orders placed that day that are completed. */
  volume: string;
}

/** Orders placed per day and their completed INR volume, for the last `days` days (India's days). */
export async function dailyFigures(db: Db, tenantId: string | null, days = 30): Promise<DailyFigures[]> {
  const { rows } = await sql<{ date: string; orders: string; volume: string }>`
    with series as (
      select (date_trunc('day', now() at time zone 'Asia/Kolkata') - (n || ' days')::interval)::date as date
      from generate_series(0, ${days - 1}) as n
    )
    select to_char(s.date, 'YYYY-MM-DD') as date,
      count(o.id)::text as orders,
      coalesce(sum(o.fiat_amount) filter (where o.status = 'completed'), 0)::text as volume
    from series s
    left join rm_orders o on o.created_at >= (s.date::timestamp at time zone 'Asia/Kolkata')
      and o.created_at < ((s.date + 1)::timestamp at time zone 'Asia/Kolkata')
      ${tenantId === null ? sql`` : sql`and o.tenant_id = ${tenantId}`}
    group by s.date
    order by s.date`.execute(db);
  return rows.map((r) => ({ date: r.date, orders: Number(r.orders), volume: r.volume }));
}

export interface OrderSearch {
  /** A ref code (or its start), a phone, a bank UTR or reference, a crypto transaction reference. */
  search?: string | undefined;
  /** The spellings of the search as a phone (services' phone-forms.ts); the search itself when absent. */
  searchPhones?: readonly string[] | undefined;
  status?: string | undefined;
}

/** Compliance's search over the orders as they stand now: each reference has its own index. */
export async function searchOrders(
  db: Db,
  tenantId: string | null,
  filters: OrderSearch,
  page: number,
  limit: number,
): Promise<{ views: OrderView[]; total: number }> {
  let query = db.selectFrom('rm_orders');
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  if (filters.status) query = query.where('status', '=', filters.status);
  const term = filters.search?.trim();
  if (term) {
    query = query.where(orderSearchMatches(term, filters.searchPhones, { refCode: sql.ref('ref_code'), userPhone: sql.ref('user_phone') }));
  }
  const listed = query.select('view').orderBy('created_at', 'desc').orderBy('id', 'desc');
  const { rows, total } = await pageAndTotal(listed, query, { page, limit });
  return { views: rows.map((r) => r.view as OrderView), total };
}

// Still holds money against the customer's limits (holdsMoney in machines/src/order/customer-limits.ts, in SQL).
const HOLDS_MONEY = sql`status not in ('rejected', 'cancelled') and (status <> 'expired' or coalesce((view->>'latePayment')::boolean, false))`;

/**
 * The read model's part of the customer limits' check, as fragments for the statement
 * services/src/orders/customer-limits.ts prepares (their text never varies; the values travel as
 * parameters). A window is read as its first, partial UTC day, order by order, and the whole days
 * after it from the ledger rm_customer_usage_days, so the check's cost does not grow with the
 * customer's month of orders.
 */
export const customerHoldsSql = {
  /**
   * One row (day, month): INR held by the customer's orders that count from each window's first,
   * partial day (countsFrom: placed then and paid in time, or paid late then).
   */
  startDaySums: (userId: string, windows: LimitWindows) => {
    const held = ({ start, startDayEnd }: WindowSplit) =>
      sql<string | null>`(coalesce((select sum(fiat_amount) from rm_orders
          where user_id = ${userId} and created_at >= ${start} and created_at < ${startDayEnd} and late_paid_at is null and ${HOLDS_MONEY}), 0)
        + coalesce((select sum(fiat_amount) from rm_orders
          where user_id = ${userId} and late_paid_at >= ${start} and late_paid_at < ${startDayEnd} and ${HOLDS_MONEY}), 0))`;
    return sql<{ day: string | null; month: string | null }>`select ${held(windows.day)} as day, ${held(windows.month)} as month`;
  },
  /** The customer's ledger days after `after` (yyyy-mm-dd): per UTC day, INR held and INR of the claims shown. */
  daysAfter: (userId: string, after: string) =>
    sql<{
      day: string;
      held_inr: string;
      shown_inr: string;
    }>`select day, held_inr, shown_inr from rm_customer_usage_days where user_id = ${userId} and day > ${after}::date`,
  /** Whether the read model shows the order paid late (its revival projected); `orderId` is the column that names it. */
  showsPaidLate: (orderId: string) => sql<boolean>`exists (select 1 from rm_orders o where o.id = ${sql.ref(orderId)} and o.late_paid_at is not null)`,
  /** Whether the read model shows the order (whatever its status); `orderId` is the column that names it. */
  shows: (orderId: string) => sql<boolean>`exists (select 1 from rm_orders o where o.id = ${sql.ref(orderId)})`,
};

/** The id of the order with this reference code (any brand), or null. */
export async function orderIdByRefCode(db: Db, refCode: string): Promise<string | null> {
  const row = await db.selectFrom('rm_orders').select('id').where('ref_code', '=', refCode.trim().toUpperCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** The orders with these reference codes (upper case), with their brands: any brand, the caller checks scope. */
export async function ordersByRefCodes(db: Db, refCodes: readonly string[]): Promise<{ id: string; ref_code: string; tenant_id: string }[]> {
  if (refCodes.length === 0) return [];
  return db.selectFrom('rm_orders').select(['id', 'ref_code', 'tenant_id']).where('ref_code', 'in', refCodes).execute();
}
