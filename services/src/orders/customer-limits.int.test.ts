/**
 * The customer limits' usage, read from the per-day ledgers, against its definition: over each
 * rolling window, the INR of the customer's orders the read model shows that still hold money, plus
 * the claims it does not show yet. Orders of every fate are spread over 33 days (some on a midnight),
 * and the usage is asked for at instants that put each window's start before, on and after the
 * orders' days.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { DAY_MS, MONTH_MS, holdsMoney } from '@desk/machines/order/customer-limits';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { placed } from '@desk/machines/order/order.fixtures';
import { Money } from '@desk/machines/pricing/decimal';
import { ordersProjection } from '@desk/projections/read-models/orders/orders.projection';
import { ProjectionRunner } from '@desk/projections/runtime/projection-runner';
import * as usageDaysMigration from '@desk/projections/read-models/orders/migrations/2026-11-25-112-customer-usage-days';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testEvent } from '../../../tests/support/event-factory';
import { CustomerLimits } from './customer-limits';

type Fate = 'pending' | 'cancelled' | 'rejected' | 'expired' | 'paid_late' | 'repriced' | 'claim_only' | 'released' | 'not_projected';
const FATES: Fate[] = ['pending', 'cancelled', 'rejected', 'expired', 'paid_late', 'repriced', 'claim_only', 'released', 'not_projected'];

interface Planned {
  orderId: string;
  placedAt: Date;
  fiatInr: string;
  fate: Fate;
  /** What the order holds once the read model shows it (its final status and amount), or the claim's amount until then. */
  counts: string;
  /** When it counts from: its placement, or its late payment (countsFrom). */
  countsAt: Date;
}

const NOW = new Date('2026-11-25T10:30:00.000Z');
const MIDNIGHT = Date.parse('2026-11-25T00:00:00.000Z');
const NO_LIMIT = { customerDailyInr: '1000000000', customerMonthlyInr: '1000000000' };
/** Limits switched off: the claim skips the check (claimRefCode) but is counted all the same, for when they are switched on. */
const LIMITS_OFF = { customerDailyInr: '0', customerMonthlyInr: '0' };
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000).toISOString();

/** A small seeded generator, so a failure can be replayed: mulberry32. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The events after the placement that give an order its fate. */
function laterEvents(fate: Fate, placedAt: Date, fiatInr: string): { events: OrderEvent[]; counts: string; countsAt?: Date } {
  const due = minutes(placedAt, 60);
  // Paid late a day or more after it was placed (up to 3 days and 90 minutes): it counts from then.
  const paidLateAt = new Date(placedAt.getTime() + (1 + (Math.abs(placedAt.getTime()) % 3)) * DAY_MS + 90 * 60_000);
  switch (fate) {
    case 'cancelled':
      return { events: [{ type: 'OrderCancelled', data: { cancelledAt: minutes(placedAt, 2) } }], counts: '0' };
    case 'rejected':
      return { events: [{ type: 'OrderRejected', data: { rejectedAt: minutes(placedAt, 5), reason: null } }], counts: '0' };
    case 'expired':
      return { events: [{ type: 'OrderExpired', data: { expiredAt: due } }], counts: '0' };
    case 'paid_late':
      return {
        events: [
          { type: 'OrderExpired', data: { expiredAt: due } },
          {
            type: 'ProofSubmitted',
            data: { attachment: null, reference: 'UTR-LATE', submittedAt: paidLateAt.toISOString(), afterRateLock: true, afterPaymentWindow: true },
          },
        ],
        counts: fiatInr,
        countsAt: paidLateAt,
      };
    case 'repriced': {
      const fiatAmount = new Money(fiatInr).plus('123.45').toFixed(2);
      const repriced = {
        rate: '90',
        fiatAmount,
        cryptoAmount: '11.00',
        feeAmount: '0.05',
        previous: { rate: '88.5', fiatAmount: fiatInr, cryptoAmount: '11.23', feeAmount: '0.06' },
      };
      return {
        events: [{ type: 'OrderCompleted', data: { completedAt: minutes(placedAt, 30), bankUtr: null, cryptoReference: '0xdone', repriced } }],
        counts: fiatAmount,
      };
    }
    case 'released':
      return { events: [], counts: '0' };
    default:
      return { events: [], counts: fiatInr };
  }
}

describe('customer limits: usage from the per-day ledgers', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let limits: CustomerLimits;
  const userId = randomUUID();
  const plan: Planned[] = [];

  const project = async () => {
    const db = database.db as never;
    const runner = new ProjectionRunner({ db, store, projection: ordersProjection, batchSize: 7, pollMs: 60_000, standbyRetryMs: 100 });
    expect(await runner.runUntilCaughtUp()).toBe(true);
  };

  /** Claims, then appends, as the order service does; `fate` decides what happens after. */
  async function placeOrder(placedAt: Date, fiatInr: string, fate: Fate): Promise<Planned> {
    const orderId = randomUUID();
    await limits.claim({ orderId, userId, fiatInr, at: placedAt, field: 'fiatAmount' }, plan.length % 5 === 1 ? LIMITS_OFF : NO_LIMIT);
    const { events, counts, countsAt = placedAt } = laterEvents(fate, placedAt, fiatInr);
    if (fate === 'released') await limits.release(orderId);
    if (fate !== 'released' && fate !== 'claim_only' && fate !== 'not_projected') {
      const placement = placed({
        orderId,
        userId,
        refCode: `ORD-${orderId.slice(0, 10)}`,
        fiatAmount: fiatInr,
        placedAt: placedAt.toISOString(),
        paymentDueAt: minutes(placedAt, 60),
      });
      const all = [placement, ...events].map((e) => testEvent(e.type, e.data));
      await store.append(`order-${orderId}`, all, { expected: 'no_stream' });
    }
    return { orderId, placedAt, fiatInr, fate, counts, countsAt };
  }

  /** The definition: every planned order that counts from `start` or after counts what it holds now. */
  const expected = (start: Date) =>
    plan
      .filter((p) => p.countsAt.getTime() >= start.getTime())
      .reduce((sum, p) => sum.plus(p.counts), new Money(0))
      .toFixed(0);

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    limits = new CustomerLimits(database.db);
    const next = random(20261125);
    for (let i = 0; i < 90; i++) {
      const fiatInr = `${100 + Math.floor(next() * 9000)}${i % 4 === 0 ? '.50' : ''}`;
      if (i % 3 === 0) {
        // One order on each of the 30 midnights before NOW, a millisecond before, on or after it, each fate at each.
        const j = i / 3;
        plan.push(await placeOrder(new Date(MIDNIGHT - j * DAY_MS + (Math.floor(j / 9) % 3) - 1), fiatInr, FATES[j % FATES.length]!));
      } else {
        plan.push(await placeOrder(new Date(NOW.getTime() - Math.floor(next() * 33 * DAY_MS) + DAY_MS), fiatInr, FATES[i % FATES.length]!));
      }
    }
    await project();
    // Placed after the projection ran: the lists do not show it, so its claim counts by its amount.
    const late = plan.filter((p) => p.fate === 'not_projected');
    for (const p of late) {
      const placement = placed({
        orderId: p.orderId,
        userId,
        refCode: `ORD-${p.orderId.slice(0, 10)}`,
        fiatAmount: p.fiatInr,
        placedAt: p.placedAt.toISOString(),
      });
      await store.append(`order-${p.orderId}`, [testEvent(placement.type, placement.data)], { expected: 'no_stream' });
    }
  });
  afterAll(() => database.drop());

  it('counts each window as its definition does, whatever instant the window starts at', async () => {
    const instants = [
      NOW,
      new Date(MIDNIGHT),
      new Date(MIDNIGHT - 1),
      new Date(MIDNIGHT + 1),
      new Date(NOW.getTime() - 7 * 3_600_000),
      new Date(NOW.getTime() + 3 * DAY_MS),
      // Windows whose first day ends on each midnight that has an order on it, or a millisecond off it.
      ...Array.from({ length: 31 }, (_, k) => new Date(MIDNIGHT - k * DAY_MS + 10 * 3_600_000)),
      ...Array.from({ length: 31 }, (_, k) => new Date(MIDNIGHT - k * DAY_MS + MONTH_MS - 14 * 3_600_000)),
      // Windows that start on an order's instant exactly (it counts).
      ...plan.filter((_, i) => i % 3 === 0).flatMap((p) => [new Date(p.placedAt.getTime() + DAY_MS), new Date(p.placedAt.getTime() + MONTH_MS)]),
    ];
    for (const now of instants) {
      const { daily, monthly } = await limits.headroom(userId, NO_LIMIT, now);
      expect({ now: now.toISOString(), day: daily!.usedInr, month: monthly!.usedInr }).toEqual({
        now: now.toISOString(),
        day: expected(new Date(now.getTime() - DAY_MS)),
        month: expected(new Date(now.getTime() - MONTH_MS)),
      });
    }
  });

  it("keeps the ledgers equal to the rows they sum: the claims per day, and per day the read model's held and shown INR", async () => {
    const { rows: claimMismatches } = await sql<{ n: number }>`
      select count(*)::int as n from (
        select user_id, (claimed_at at time zone 'UTC')::date as day, sum(fiat_inr) as inr from order_ref_codes where user_id is not null group by 1, 2
      ) g full join customer_claim_days d using (user_id, day)
      where coalesce(g.inr, 0) <> coalesce(d.claimed_inr, 0)`.execute(database.db);
    expect(claimMismatches[0]!.n).toBe(0);

    const rows = await sql<{ status: string; late: boolean; fiat: string; day: string; claim_day: string | null; claim_inr: string | null }>`
      select o.status, coalesce((o.view->>'latePayment')::boolean, false) as late, o.fiat_amount::text as fiat,
        to_char(coalesce(o.late_paid_at, o.created_at) at time zone 'UTC', 'YYYY-MM-DD') as day,
        to_char(c.claimed_at at time zone 'UTC', 'YYYY-MM-DD') as claim_day, c.fiat_inr::text as claim_inr
      from rm_orders o left join order_ref_codes c on c.order_id = o.id`.execute(database.db);
    const want = new Map<string, { held: Money; shown: Money }>();
    const at = (day: string) => want.get(day) ?? want.set(day, { held: new Money(0), shown: new Money(0) }).get(day)!;
    for (const r of rows.rows) {
      if (holdsMoney({ status: r.status as never, latePayment: r.late })) at(r.day).held = at(r.day).held.plus(r.fiat);
      at(r.claim_day!).shown = at(r.claim_day!).shown.plus(r.claim_inr!);
    }
    const ledger = await sql<{ day: string; held_inr: string; shown_inr: string }>`
      select to_char(day, 'YYYY-MM-DD') as day, held_inr::text, shown_inr::text from rm_customer_usage_days where user_id = ${userId} order by day`.execute(
      database.db,
    );
    const got = Object.fromEntries(ledger.rows.map((r) => [r.day, { held: new Money(r.held_inr).toFixed(2), shown: new Money(r.shown_inr).toFixed(2) }]));
    const wanted = Object.fromEntries([...want].map(([day, v]) => [day, { held: v.held.toFixed(2), shown: v.shown.toFixed(2) }]));
    for (const [day, v] of Object.entries(got)) if (!wanted[day]) expect(v).toEqual({ held: '0.00', shown: '0.00' });
    for (const [day, v] of Object.entries(wanted)) expect({ day, ...v }).toEqual({ day, ...(got[day] ?? { held: '0.00', shown: '0.00' }) });
  });

  it("fills the read model's ledger, when it is added, with what the projection builds for orders paid in time", async () => {
    const db = database.db;
    const ledger = async () =>
      (
        await sql<{ d: string }>`select string_agg(concat_ws('|', user_id, day, held_inr, shown_inr), ',' order by user_id, day) as d
        from rm_customer_usage_days where held_inr <> 0 or shown_inr <> 0`.execute(db)
      ).rows[0]!.d;
    const projected = await ledger();
    await usageDaysMigration.down(db);
    await usageDaysMigration.up(db);
    // The migration counted every order from its placement (rows then had no late payment's time,
    // migration 115): the orders paid late, moved to their late payment's day, give the projection's.
    await sql`
      with late as (
        select user_id, (created_at at time zone 'UTC')::date as placed_day, (late_paid_at at time zone 'UTC')::date as late_day, fiat_amount
        from rm_orders where late_paid_at is not null and status <> 'rejected' and status <> 'cancelled'
      ), moves as (
        select user_id, placed_day as day, -fiat_amount as inr from late union all select user_id, late_day, fiat_amount from late
      )
      insert into rm_customer_usage_days as d (user_id, day, held_inr, shown_inr)
      select user_id, day, sum(inr), 0 from moves group by 1, 2
      on conflict (user_id, day) do update set held_inr = d.held_inr + excluded.held_inr`.execute(db);
    expect(await ledger()).toBe(projected);
  });

  it("gives a refused order's claim up, and still refuses when it cannot, leaving the claim to the orphan sweep", async () => {
    const customer = randomUUID();
    const small = { customerDailyInr: '1000', customerMonthlyInr: '0' };
    const claim = (fiatInr: string) => limits.claim({ orderId: randomUUID(), userId: customer, fiatInr, at: NOW, field: 'fiatAmount' }, small);
    const claims = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from order_ref_codes where user_id = ${customer}`.execute(database.db)).rows[0]!.n;
    const claimedDays = async () =>
      (await sql<{ inr: string }>`select coalesce(sum(claimed_inr), 0)::text as inr from customer_claim_days where user_id = ${customer}`.execute(database.db))
        .rows[0]!.inr;
    await claim('800');
    await expect(claim('300')).rejects.toThrow(/over your daily limit of ₹1,000: your orders of the last 24 hours hold ₹800/);
    expect([await claims(), Number(await claimedDays())]).toEqual([1, 800]);

    const release = limits.release.bind(limits);
    limits.release = async () => {
      throw new Error('the database went away');
    };
    try {
      await expect(claim('300')).rejects.toThrow(/over your daily limit/);
    } finally {
      limits.release = release;
    }
    expect([await claims(), Number(await claimedDays())]).toEqual([2, 1100]);
  });
});
