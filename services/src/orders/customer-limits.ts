import { sql, type Kysely } from 'kysely';
import { DAY_MS, MONTH_MS, headroomOf, limitRefusal, limitsAreOff, type Headroom, type LimitUsage } from '@desk/machines/order/customer-limits';
import { Money } from '@desk/machines/pricing/decimal';
import { Refusal } from '@desk/machines/shared/refusal';
import type { Controls } from '@desk/machines/settings/settings.schema';
import { customerHeldAmounts } from '@desk/projections/read-models/orders/orders.queries';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { ServicesDatabase } from '../db/services-database';
import { claimRefCode, newRefCode } from './ref-code';

type Db = Kysely<ServicesDatabase>;
/** One database holds both the claims (ours) and the orders read model: read in one transaction. */
const readModelsOf = (db: Db) => db as unknown as Kysely<ReadModelDatabase>;

export type LimitSettings = Pick<Controls, 'customerDailyInr' | 'customerMonthlyInr'>;

/** An order about to be placed: its id, whose it is, its INR and the input field a refusal names. */
export interface OrderClaim {
  orderId: string;
  userId: string;
  fiatInr: string;
  at: Date;
  field: 'fiatAmount' | 'cryptoAmount';
}

/**
 * The customer limits' write side. An order claims its reference code and its place within the
 * customer's limits in one transaction, under a lock on the customer, so two orders placed at once
 * are counted one after the other. Usage is the read model's orders that still hold money plus the
 * claims the read model does not show yet (placed a moment ago): a lagging projection can only make
 * the check stricter, never let an order through.
 */
export class CustomerLimits {
  constructor(private readonly db: Db) {}

  async headroom(userId: string, limits: LimitSettings, now = new Date()): Promise<Headroom> {
    return headroomOf(limits, limitsAreOff(limits) ? { dayInr: '0', monthInr: '0' } : await usageOf(this.db, userId, now));
  }

  /** The order's reference code, once the order fits the customer's limits; refuses (400 on `field`) when it does not. */
  async claim(order: OrderClaim, limits: LimitSettings): Promise<string> {
    const holder = { userId: order.userId, fiatInr: order.fiatInr, at: order.at };
    if (limitsAreOff(limits)) return claimRefCode(this.db, order.orderId, newRefCode, holder);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`customer-limits:${order.userId}`}, 0))`.execute(trx);
      const refusal = limitRefusal(limits, await usageOf(trx, order.userId, order.at), order.fiatInr);
      if (refusal) throw Refusal.invalid(order.field, refusal);
      return claimRefCode(trx, order.orderId, newRefCode, holder);
    });
  }

  /** The order was not recorded after all: its claim no longer counts. */
  async release(orderId: string): Promise<void> {
    await this.db.deleteFrom('order_ref_codes').where('order_id', '=', orderId).execute();
  }
}

async function usageOf(db: Db, userId: string, now: Date): Promise<LimitUsage> {
  const monthStart = new Date(now.getTime() - MONTH_MS);
  const dayStart = new Date(now.getTime() - DAY_MS);
  const claims = await db
    .selectFrom('order_ref_codes')
    .select(['order_id', 'fiat_inr', 'claimed_at'])
    .where('user_id', '=', userId)
    .where('claimed_at', '>=', monthStart)
    .execute();
  const held = await customerHeldAmounts(
    readModelsOf(db),
    userId,
    dayStart,
    monthStart,
    claims.map((c) => c.order_id),
  );
  // Claims of orders the read model does not show yet (placed a moment ago) count by their own amount.
  const pending = claims.filter((c) => !held.projected.has(c.order_id));
  const sumSince = (start: Date) => pending.filter((c) => c.claimed_at >= start).reduce((sum, c) => sum.plus(c.fiat_inr ?? 0), new Money(0));
  return { dayInr: sumSince(dayStart).plus(held.dayInr).toFixed(0), monthInr: sumSince(monthStart).plus(held.monthInr).toFixed(0) };
}
