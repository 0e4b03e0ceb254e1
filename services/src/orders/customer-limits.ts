import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import { logger } from '@desk/platform/logging/logger';
import {
  headroomOf,
  limitRefusal,
  limitsAreOff,
  limitWindows,
  type Headroom,
  type LimitUsage,
  type LimitWindows,
  type WindowSplit,
} from '@desk/machines/order/customer-limits';
import { Money } from '@desk/machines/pricing/decimal';
import { Refusal } from '@desk/machines/shared/refusal';
import type { Controls } from '@desk/machines/settings/settings.schema';
import { customerHoldsSql } from '@desk/projections/read-models/orders/orders.queries';
import type { ServicesDatabase } from '../db/services-database';
import { claimDaysSql } from './claim-days';
import { compiledOnce } from './compiled-once';
import { claimRefCode, newRefCode } from './ref-code';

export type LimitSettings = Pick<Controls, 'customerDailyInr' | 'customerMonthlyInr'>;

/** An order about to be placed: its id, whose it is, its INR and the input field a refusal names. */
export interface OrderClaim {
  orderId: string;
  userId: string;
  fiatInr: string;
  at: Date;
  field: 'fiatAmount' | 'cryptoAmount';
}

/** A claim the read model does not show: which order, and when it was made. */
export interface UnshownClaim {
  orderId: string;
  claimedAt: Date;
}

/**
 * Moves the customer's claim number on from `readSeq` (inserting it for a first claim), returning
 * the new number; returns nothing when another claim moved it after `readSeq` was read. Every claim
 * (a placement's, a revival's) is recorded from this CTE, so they are counted one after the other.
 */
const bumpClaimHead = (userId: string, readSeq: RawBuilder<unknown>) => sql`
  insert into customer_claim_heads as h (user_id, seq) values (${userId}, 1)
  on conflict (user_id) do update set seq = h.seq + 1 where h.seq = ${readSeq}
  returning seq`;

/** A late payment that revives an order: whose, its INR, and when it arrived. */
export interface RevivalClaim {
  orderId: string;
  userId: string;
  fiatInr: string;
  at: Date;
}

/** A claim lost its race with another of the customer's claims this many times in a row: give up (it is a bug or a flood). */
const MAX_CLAIM_TRIES = 20;

/**
 * The customer limits' write side. One statement reads the customer's usage and the number of their
 * claims, and records the claim only if that number did not move after its read (and moves it on);
 * no transaction is held open. A claim that lost the race to another of the customer's orders is
 * tried again, so two orders placed at once are counted one after the other. An order the usage
 * shows to be over a limit has its claim given up and is refused. Usage is the read model's orders
 * that still hold money plus the claims the read model does not show yet (placed a moment ago): a
 * lagging projection, like a refused order's claim until it is given up, can only make the check
 * stricter, never let an order through. (A lock held across the check's round trips was two thirds
 * of the database sessions' busy time while placing: docs/performance.md.)
 */
export class CustomerLimits {
  constructor(private readonly db: Kysely<ServicesDatabase>) {}

  /** What the customer's orders hold in each window ending `now`. */
  usage(userId: string, now: Date): Promise<LimitUsage> {
    return usageOf(this.db, userId, now);
  }

  async headroom(userId: string, limits: LimitSettings, now = new Date()): Promise<Headroom> {
    return headroomOf(limits, limitsAreOff(limits) ? { dayInr: '0', monthInr: '0' } : await usageOf(this.db, userId, now));
  }

  /**
   * The order's reference code, once the order fits the customer's limits; refuses (400 on `field`)
   * when it does not. One statement reads the usage and records the claim (claimAgainstUsage); an
   * order over a limit then has its claim given up again. Refusals are rare, placements are not: this
   * spares every placement a round trip (docs/performance.md).
   */
  async claim(order: OrderClaim, limits: LimitSettings): Promise<string> {
    const holder = { userId: order.userId, fiatInr: order.fiatInr, at: order.at };
    if (limitsAreOff(limits)) return claimRefCode(this.db, order.orderId, newRefCode, holder);
    for (let attempt = 1; attempt <= MAX_CLAIM_TRIES; attempt++) {
      const { usage, code } = await this.claimAgainstUsage(order);
      // No code: another of the customer's claims moved the number first, or the code was taken.
      if (!code) continue;
      const refusal = limitRefusal(limits, usage, order.fiatInr);
      if (!refusal) return code;
      // Until it is given up the claim only makes the customer's other checks stricter; if giving it
      // up fails, the orphan-claim sweep does it (its order is never recorded).
      await this.release(order.orderId).catch((error: unknown) =>
        logger.warn("a refused order's claim was not given up; the orphan-claim sweep will", { orderId: order.orderId, error: String(error) }),
      );
      throw Refusal.invalid(order.field, refusal);
    }
    throw new Error(`The claim for order ${order.orderId} lost ${MAX_CLAIM_TRIES} races with the customer's other orders`);
  }

  /**
   * One statement: reads the customer's usage and claim number (usageSql), then moves the number on
   * from what it read (inserting it for a first claim) and records the claim with a fresh reference
   * code. The usage is what the customer's orders held before this claim, in the statement's one
   * snapshot. Nothing is recorded when the number moved after that snapshot (another claim of the
   * customer's committed meanwhile and the usage read missed it), or when the code was taken (rare:
   * the next try draws another).
   *
   * Its commit does not wait for the disk (`synchronous_commit` off for this statement alone): the
   * order's append, committed after it and waiting for its own WAL flush, makes the claim durable
   * too, since the log is flushed in order. A crash before that append loses the claim of an order
   * that was never recorded, which is what `release` would do anyway.
   */
  private async claimAgainstUsage(order: OrderClaim): Promise<{ usage: LimitUsage; code: string | null }> {
    const { day, month } = limitWindows(order.at);
    const { rows } = await claimStatement(this.db, {
      ...order,
      refCode: newRefCode(),
      ...{ dayStart: day.start, dayStartDay: day.startDay, dayStartDayEnd: day.startDayEnd },
      ...{ monthStart: month.start, monthStartDay: month.startDay, monthStartDayEnd: month.startDayEnd },
    });
    const row = rows[0]!;
    return { usage: usageFrom(row), code: row.code };
  }

  /**
   * Claims made in [from, to) whose orders the read model does not show, oldest first, after the
   * claim `after` (a page's last): the candidates for orphan-claims.ts, which asks the event store
   * before it releases any.
   */
  async unshown(from: Date, to: Date, limit: number, after: UnshownClaim | null = null): Promise<UnshownClaim[]> {
    const { rows } = await sql<{ order_id: string; claimed_at: Date }>`
      select c.order_id, c.claimed_at from order_ref_codes c
      where c.user_id is not null and c.claimed_at >= ${from} and c.claimed_at < ${to}
        ${after ? sql`and (c.claimed_at, c.order_id) > (${after.claimedAt}::timestamptz, ${after.orderId}::uuid)` : sql``}
        and not ${customerHoldsSql.shows('c.order_id')}
      order by c.claimed_at, c.order_id limit ${limit}`.execute(this.db);
    return rows.map((r) => ({ orderId: r.order_id, claimedAt: r.claimed_at }));
  }

  /**
   * Counts a revival against the customer's limits from now (migration 023): `decide` gets what the
   * customer's orders hold without this order's revival (a pending order paid late is taken out by
   * the domain, revivalExcess), and the claim is recorded only if no other claim of the customer's
   * (a placement, another revival) moved their claim number since the usage was read; otherwise the
   * usage is read and `decide` asked again. So two revivals, or a revival and a placement, made at
   * the same moment are counted one after the other, before the read model shows either. Returns
   * what `decide` returned the last time. Recording it again for the same order (a retried command)
   * replaces the claim.
   */
  async countRevival<T>(revival: RevivalClaim, decide: (usage: LimitUsage) => T): Promise<T> {
    for (let attempt = 1; attempt <= MAX_CLAIM_TRIES; attempt++) {
      const { rows } = await sql<UsageRow>`${PREPARED} ${usageSql(revival.userId, limitWindows(revival.at), revival.orderId)}`.execute(this.db);
      const read = rows[0]!;
      const decided = decide(usageFrom(read));
      const { rows: recorded } = await sql<{ order_id: string }>`
        ${PREPARED} with bump as (${bumpClaimHead(revival.userId, sql`${read.seq}::bigint`)})
        insert into order_revival_claims as r (order_id, user_id, fiat_inr, claimed_at)
        select ${revival.orderId}::uuid, ${revival.userId}::uuid, ${revival.fiatInr}::numeric, ${revival.at}::timestamptz from bump
        on conflict (order_id) do update set fiat_inr = excluded.fiat_inr, claimed_at = excluded.claimed_at
        returning order_id`.execute(this.db);
      if (recorded.length > 0) return decided;
    }
    throw new Error(`The revival of order ${revival.orderId} lost ${MAX_CLAIM_TRIES} races with the customer's other claims`);
  }

  /** The revival was not recorded after all (its command failed): its claim no longer counts. */
  async releaseRevival(orderId: string): Promise<void> {
    await sql`delete from order_revival_claims where order_id = ${orderId}::uuid`.execute(this.db);
  }

  /** The order was not recorded after all: its claim no longer counts. */
  async release(orderId: string): Promise<void> {
    await sql`
      with released as (delete from order_ref_codes where order_id = ${orderId}::uuid returning user_id, fiat_inr, claimed_at)
      ${claimDaysSql.remove('released')}`.execute(this.db);
  }
}

/**
 * The customer's usage in whole rupees, and the number of their checked claims it was read at (0:
 * none yet). One statement, so one snapshot. Each window is read in two parts (limitWindows):
 * - its first, partial UTC day order by order: orders the read model shows count by their status
 *   there, from the instant they count from (countsFrom: placed, or paid late), claims it does not
 *   show yet (placed a moment ago) by their own amount;
 * - every later day whole, from the two ledgers: what the read model's orders hold (its ledger's
 *   held INR), plus the day's claims it does not show yet: claimed (customer_claim_days) less
 *   shown (its ledger's shown INR).
 * The projection writes held and shown in the transaction that writes the orders' rows, so a claim
 * is counted once: by its order's status once shown, by its amount until then. A day's pending part
 * is never taken below zero: shown exceeds claimed only for a placement shown without a counted
 * claim (decision 0023 lists how that can happen and what stands against it).
 */
interface UsageRow {
  seq: string;
  day_inr: string;
  month_inr: string;
}

const usageFrom = (row: UsageRow): LimitUsage => ({ dayInr: new Money(row.day_inr).toFixed(0), monthInr: new Money(row.month_inr).toFixed(0) });

async function usageOf(db: Kysely<ServicesDatabase>, userId: string, now: Date): Promise<LimitUsage> {
  const { rows } = await sql<UsageRow>`${PREPARED} ${usageSql(userId, limitWindows(now))}`.execute(db);
  return usageFrom(rows[0]!);
}

/**
 * The usage statement: one row of seq, day_inr and month_inr (unrounded decimals). Revivals the
 * read model does not show yet count by their claims, over the whole window (they are few); the
 * revival of `exceptOrder` is left out (its own check).
 */
function usageSql(userId: string, windows: LimitWindows, exceptOrder: string | null = null): RawBuilder<UsageRow> {
  const pending = ({ start, startDayEnd }: WindowSplit) => sql<string | null>`(
    select sum(c.fiat_inr) from order_ref_codes c
    where c.user_id = ${userId} and c.claimed_at >= ${start} and c.claimed_at < ${startDayEnd} and not ${customerHoldsSql.shows('c.order_id')})`;
  const revivals = ({ start }: WindowSplit) => sql<string | null>`(
    select sum(r.fiat_inr) from order_revival_claims r
    where r.user_id = ${userId} and r.claimed_at >= ${start} and r.order_id is distinct from ${exceptOrder}::uuid
      and not ${customerHoldsSql.showsPaidLate('r.order_id')})`;
  return sql<UsageRow>`
    with ledger as (${customerHoldsSql.daysAfter(userId, windows.month.startDay)}),
    claimed as (select day, claimed_inr from customer_claim_days where user_id = ${userId} and day > ${windows.month.startDay}::date),
    whole_days as (
      select day, coalesce(l.held_inr, 0) + greatest(coalesce(c.claimed_inr, 0) - coalesce(l.shown_inr, 0), 0) as inr
      from ledger l full join claimed c using (day)
    )
    select coalesce((select seq from customer_claim_heads where user_id = ${userId}), 0)::text as seq,
      (coalesce((select sum(inr) from whole_days where day > ${windows.day.startDay}::date), 0)
        + coalesce(held.day, 0) + coalesce(${pending(windows.day)}, 0) + coalesce(${revivals(windows.day)}, 0))::text as day_inr,
      (coalesce((select sum(inr) from whole_days), 0) + coalesce(held.month, 0) + coalesce(${pending(windows.month)}, 0)
        + coalesce(${revivals(windows.month)}, 0))::text as month_inr
    from (${customerHoldsSql.startDaySums(userId, windows)}) as held`;
}

/** The values of one claim: the order's, its fresh reference code, and its windows' bounds (limitWindows of its instant). */
interface ClaimValues extends Omit<OrderClaim, 'field'> {
  refCode: string;
  dayStart: Date;
  dayStartDay: string;
  dayStartDayEnd: Date;
  monthStart: Date;
  monthStartDay: string;
  monthStartDayEnd: Date;
}

/**
 * The claim's one statement (claimAgainstUsage): every placement runs it, so it is prepared once per
 * connection and its text built once per process (compiled-once.ts).
 */
const claimStatement = compiledOnce<ClaimValues, UsageRow & { code: string | null }>((v) => {
  const windows: LimitWindows = {
    day: { start: v.dayStart, startDay: v.dayStartDay, startDayEnd: v.dayStartDayEnd },
    month: { start: v.monthStart, startDay: v.monthStartDay, startDayEnd: v.monthStartDayEnd },
  };
  return sql<UsageRow & { code: string | null }>`
    ${PREPARED} with usage as (${usageSql(v.userId, windows)}),
    bump as (${bumpClaimHead(v.userId, sql`(select seq::bigint from usage)`)}), claim as (
      insert into order_ref_codes (ref_code, order_id, user_id, fiat_inr, claimed_at)
      select ${v.refCode}, ${v.orderId}::uuid, ${v.userId}::uuid, ${v.fiatInr}::numeric, ${v.at}::timestamptz from bump
      on conflict (ref_code) do nothing
      returning ref_code, user_id, fiat_inr, claimed_at
    ), counted as (${claimDaysSql.add('claim')})
    select u.seq, u.day_inr, u.month_inr, (select ref_code from claim) as code, set_config('synchronous_commit', 'off', true) as commit_mode
    from usage u`;
});
