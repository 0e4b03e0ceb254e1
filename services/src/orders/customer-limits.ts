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
/** One database holds both the claims (ours) and the orders read model. */
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

/** A claim lost its race with another of the customer's claims this many times in a row: give up (it is a bug or a flood). */
const MAX_CLAIM_TRIES = 20;

/**
 * The customer limits' write side. The check reads the customer's usage and the number of their
 * checked claims, with no transaction held open; then one statement records the claim only if that
 * number is unchanged (and moves it on). A claim that lost the race to another of the customer's
 * orders is checked again, so two orders placed at once are counted one after the other. Usage is
 * the read model's orders that still hold money plus the claims the read model does not show yet
 * (placed a moment ago): a lagging projection can only make the check stricter, never let an order
 * through. (A lock held across the check's round trips was two thirds of the database sessions'
 * busy time while placing: docs/performance.md.)
 */
export class CustomerLimits {
  constructor(private readonly db: Db) {}

  async headroom(userId: string, limits: LimitSettings, now = new Date()): Promise<Headroom> {
    return headroomOf(limits, limitsAreOff(limits) ? { dayInr: '0', monthInr: '0' } : (await usageOf(this.db, userId, now)).usage);
  }

  /** The order's reference code, once the order fits the customer's limits; refuses (400 on `field`) when it does not. */
  async claim(order: OrderClaim, limits: LimitSettings): Promise<string> {
    const holder = { userId: order.userId, fiatInr: order.fiatInr, at: order.at };
    if (limitsAreOff(limits)) return claimRefCode(this.db, order.orderId, newRefCode, holder);
    for (let attempt = 1; attempt <= MAX_CLAIM_TRIES; attempt++) {
      const { usage, seq } = await usageOf(this.db, order.userId, order.at);
      const refusal = limitRefusal(limits, usage, order.fiatInr);
      if (refusal) throw Refusal.invalid(order.field, refusal);
      const code = await this.claimIfUnchanged(order, seq);
      if (code) return code;
    }
    throw new Error(`The claim for order ${order.orderId} lost ${MAX_CLAIM_TRIES} races with the customer's other orders`);
  }

  /**
   * One statement: moves the customer's claim number on from `seen` (inserting it for a first
   * claim) and records the claim with a fresh reference code. Nothing is recorded when the number
   * moved meanwhile, or when the code was taken (rare: the next try draws another).
   */
  private async claimIfUnchanged(order: OrderClaim, seen: string): Promise<string | null> {
    const { rows } = await sql<{ code: string | null }>`
      with bump as (
        insert into customer_claim_heads as h (user_id, seq) values (${order.userId}, 1)
        on conflict (user_id) do update set seq = h.seq + 1 where h.seq = ${seen}::bigint
        returning seq
      ), claim as (
        insert into order_ref_codes (ref_code, order_id, user_id, fiat_inr, claimed_at)
        select ${newRefCode()}, ${order.orderId}::uuid, ${order.userId}::uuid, ${order.fiatInr}::numeric, ${order.at}::timestamptz from bump
        on conflict (ref_code) do nothing
        returning ref_code
      )
      select (select ref_code from claim) as code`.execute(this.db);
    return rows[0]?.code ?? null;
  }

  /** The order was not recorded after all: its claim no longer counts. */
  async release(orderId: string): Promise<void> {
    await this.db.deleteFrom('order_ref_codes').where('order_id', '=', orderId).execute();
  }
}

/** The customer's usage, and the number of their checked claims it was read at (0: none yet). */
async function usageOf(db: Db, userId: string, now: Date): Promise<{ usage: LimitUsage; seq: string }> {
  const monthStart = new Date(now.getTime() - MONTH_MS);
  const dayStart = new Date(now.getTime() - DAY_MS);
  // The number and the claims in one statement: one snapshot, so a claim is either counted here or moves the number.
  const { rows: claims } = await sql<{ seq: string; order_id: string | null; fiat_inr: string | null; claimed_at: Date | null }>`
    select coalesce((select seq from customer_claim_heads where user_id = ${userId}), 0)::text as seq, c.order_id, c.fiat_inr, c.claimed_at
    from (select 1) as one
    left join order_ref_codes c on c.user_id = ${userId} and c.claimed_at >= ${monthStart}`.execute(db);
  const seq = claims[0]!.seq;
  const held = claims.flatMap((c) => (c.order_id ? [{ orderId: c.order_id, inr: c.fiat_inr ?? '0', at: c.claimed_at! }] : []));
  const amounts = await customerHeldAmounts(
    readModelsOf(db),
    userId,
    dayStart,
    monthStart,
    held.map((c) => c.orderId),
  );
  // Claims of orders the read model does not show yet (placed a moment ago) count by their own amount.
  const pending = held.filter((c) => !amounts.projected.has(c.orderId));
  const sumSince = (start: Date) => pending.filter((c) => c.at >= start).reduce((sum, c) => sum.plus(c.inr), new Money(0));
  return { seq, usage: { dayInr: sumSince(dayStart).plus(amounts.dayInr).toFixed(0), monthInr: sumSince(monthStart).plus(amounts.monthInr).toFixed(0) } };
}
