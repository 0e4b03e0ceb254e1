import { sql, type Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

/** An order as the statement matcher weighs it, with every bank reference it was given. */
export interface OrderWithReferences {
  view: OrderView;
  /** `customer`: the UTRs its customer typed; `payout`: the admin's payout UTR. */
  references: { source: 'customer' | 'payout'; reference: string }[];
}

/** The orders, of any brand, filed under any of these look-up keys (reference-match.ts `referenceKeys`). */
export async function ordersCarrying(db: Db, keys: readonly string[]): Promise<OrderWithReferences[]> {
  if (keys.length === 0) return [];
  const ids = await db
    .selectFrom('rm_payment_references')
    .select('order_id')
    .distinct()
    .where('key', 'in', [...keys])
    .execute();
  return ordersWithReferences(
    db,
    ids.map((row) => row.order_id),
  );
}

/** These orders (those the read model holds) and every bank reference each was given. */
export async function ordersWithReferences(db: Db, orderIds: readonly string[]): Promise<OrderWithReferences[]> {
  if (orderIds.length === 0) return [];
  const [orders, references] = await Promise.all([
    db
      .selectFrom('rm_orders')
      .select(['id', 'view'])
      .where('id', 'in', [...orderIds])
      .execute(),
    db
      .selectFrom('rm_payment_references')
      .select(['order_id', 'source', 'reference'])
      .distinct()
      .where('order_id', 'in', [...orderIds])
      .execute(),
  ]);
  return orders.map((order) => ({
    view: order.view as OrderView,
    references: references.filter((r) => r.order_id === order.id).map((r) => ({ source: r.source, reference: r.reference })),
  }));
}

/** Statuses of a buy whose money the desk has said it received. */
const BUY_PAID = ['fiat_received', 'crypto_sent', 'completed'];

export interface OrderWithoutMoney {
  id: string;
  tenant_id: string;
  view: OrderView;
}

/**
 * Orders the desk treats as paid with no bank line behind them (issue 28): buys verified or further
 * with no matched credit, sells completed (paid out) with no matched debit. Of the brands in scope
 * (null: every brand), the most recently updated first.
 */
export async function ordersWithoutMoney(db: Db, tenantIds: readonly string[] | null, limit: number): Promise<OrderWithoutMoney[]> {
  let query = db
    .selectFrom('rm_orders as r')
    .select(['r.id', 'r.tenant_id', 'r.view'])
    .where('r.method', '=', 'bank')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.type', '=', 'fiat_to_crypto'), eb('r.status', 'in', BUY_PAID)]),
        eb.and([eb('r.type', '=', 'crypto_to_fiat'), eb('r.status', '=', 'completed')]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('rm_statement_line_outcomes as o').select('o.key').whereRef('o.order_id', '=', 'r.id').where('o.kind', '=', 'matched'))),
    );
  if (tenantIds !== null) query = tenantIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('r.tenant_id', 'in', tenantIds);
  const rows = await query.orderBy('r.updated_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, view: row.view as OrderView }));
}

/**
 * Orders a line of this amount may pay, for an admin assigning it by hand: the brand's buys (for a
 * credit) or sells (for a debit) of exactly that amount with no bank line yet, still open or expired
 * unpaid, the latest first.
 */
export async function ordersAwaitingLine(db: Db, tenantId: string, direction: 'credit' | 'debit', amount: string, limit: number): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('rm_orders as r')
    .select('r.view')
    .where('r.tenant_id', '=', tenantId)
    .where('r.type', '=', direction === 'credit' ? 'fiat_to_crypto' : 'crypto_to_fiat')
    .where('r.fiat_amount', '=', amount)
    .where('r.status', 'not in', ['rejected', 'cancelled'])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('rm_statement_line_outcomes as o').select('o.key').whereRef('o.order_id', '=', 'r.id'))))
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.view as OrderView);
}

/** How many references of this order the read model has filed (the matcher waits for the projection). */
export async function referencesFiled(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('rm_payment_references')
    .select((eb) => eb.fn.count<string>('reference').distinct().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
