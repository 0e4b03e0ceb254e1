import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { countsFrom, holdsMoney, utcDay } from '@desk/machines/order/customer-limits';
import type { OrderPlaced } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import type { BatchWrite } from '../../runtime/projection';

/**
 * A batch's changes to rm_customer_usage_days, the customer limits' ledger (migration 112): per
 * customer and UTC day (the day an order counts from: its placement, or its late payment), the change in what their orders hold (an order's view before the batch
 * taken out, after it put in) and the placements the lists now show. Written with the rows, in the
 * batch's statement, so the ledger never disagrees with rm_orders.
 */
export class CustomerUsageDeltas {
  private readonly byDay = new Map<string, { userId: string; day: string; held: Decimal; shown: Decimal }>();

  /**
   * `sign` -1 takes out what the order held before the batch; 1 puts in what it holds after, on the
   * day it counts from (a late payment moves it there).
   */
  held(view: OrderView, sign: 1 | -1): void {
    if (!holdsMoney(view)) return;
    const entry = this.at(view.userId, countsFrom(view));
    entry.held = entry.held.plus(new Decimal(view.fiatAmount).times(sign));
  }

  /** The order's placement is now shown: its claim (same customer, INR and instant) stops counting as pending. */
  shown(placement: OrderPlaced['data']): void {
    const entry = this.at(placement.userId, placement.placedAt);
    entry.shown = entry.shown.plus(placement.fiatAmount);
  }

  private at(userId: string, instant: string) {
    const day = utcDay(instant);
    const key = `${userId}|${day}`;
    let entry = this.byDay.get(key);
    if (!entry) this.byDay.set(key, (entry = { userId, day, held: new Decimal(0), shown: new Decimal(0) }));
    return entry;
  }

  /** The batch's one upsert of the ledger, or none. */
  writes(): BatchWrite[] {
    const entries = [...this.byDay.values()].filter((e) => !e.held.isZero() || !e.shown.isZero());
    if (entries.length === 0) return [];
    const upsert = sql`
      insert into rm_customer_usage_days as d (user_id, day, held_inr, shown_inr)
      select * from unnest(${entries.map((e) => e.userId)}::uuid[], ${entries.map((e) => e.day)}::date[],
        ${entries.map((e) => e.held.toFixed(2))}::numeric[], ${entries.map((e) => e.shown.toFixed(2))}::numeric[])
      on conflict (user_id, day) do update set held_inr = d.held_inr + excluded.held_inr, shown_inr = d.shown_inr + excluded.shown_inr`;
    return [{ name: 'usage_days', table: 'rm_customer_usage_days', sql: upsert }];
  }
}
