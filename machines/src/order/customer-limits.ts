/**
 * Customer limits: what one customer may order in INR over a rolling day (24 hours) and a rolling
 * month (30 days), counted over their orders that still hold money (not rejected, cancelled or
 * expired unpaid). Pure: the caller counts the usage and passes the time; this says what is left
 * and whether an order fits, in words the trading form shows.
 */
import { Money } from '../pricing/decimal';
import { formatInr } from '../pricing/money-format';
import type { Controls } from '../settings/settings.schema';
import type { OrderView } from './order-state';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MONTH_MS = 30 * DAY_MS;

/**
 * Whether an order still holds money against its customer's limits: not rejected or cancelled, and
 * not expired unless paid late (the desk may still complete it). The orders read model's
 * HOLDS_MONEY says the same in SQL (orders.queries.ts).
 */
export const holdsMoney = (order: Pick<OrderView, 'status' | 'latePayment'>): boolean =>
  order.status !== 'rejected' && order.status !== 'cancelled' && (order.status !== 'expired' || order.latePayment);

/**
 * The instant an order's INR counts from in the limits' windows: its placement, or, for an order
 * paid after its payment window, that late payment: money arriving then. Counted by its placement
 * alone, an order paid late a day after it was placed held nothing in the day's window once
 * revived, and the customer placed their whole limit again beside it (security review, issue 27).
 * Views projected before `latePaidAt` was kept count by their placement.
 */
export const countsFrom = (order: Pick<OrderView, 'createdAt'> & { latePaidAt?: string | null }): string => order.latePaidAt ?? order.createdAt;

/** The UTC day of an instant (yyyy-mm-dd): how the limits' ledgers key usage. */
export const utcDay = (instant: string | Date): string => new Date(instant).toISOString().slice(0, 10);

/**
 * A rolling window split at the first midnight (UTC) after its start: from `start` to `startDayEnd`
 * the usage is read order by order; every later day is a whole day, summed from the ledgers.
 */
export interface WindowSplit {
  start: Date;
  /** The UTC day `start` falls in: the ledgers' days after it are whole days of the window. */
  startDay: string;
  startDayEnd: Date;
}

export interface LimitWindows {
  day: WindowSplit;
  month: WindowSplit;
}

function splitAt(start: Date): WindowSplit {
  const startDay = utcDay(start);
  return { start, startDay, startDayEnd: new Date(Date.parse(startDay) + DAY_MS) };
}

/** The daily (24 hours) and monthly (30 days) windows that end at `now`. */
export const limitWindows = (now: Date): LimitWindows => ({
  day: splitAt(new Date(now.getTime() - DAY_MS)),
  month: splitAt(new Date(now.getTime() - MONTH_MS)),
});

/** INR the customer's orders hold in each window (whole rupees as decimal strings). */
export interface LimitUsage {
  dayInr: string;
  monthInr: string;
}

export interface WindowHeadroom {
  limitInr: string;
  usedInr: string;
  /** Never below 0. */
  remainingInr: string;
}

/** Each window's headroom; null where the operator set no limit (0). */
export interface Headroom {
  daily: WindowHeadroom | null;
  monthly: WindowHeadroom | null;
}

type LimitSettings = Pick<Controls, 'customerDailyInr' | 'customerMonthlyInr'>;

export const limitsAreOff = (limits: LimitSettings): boolean => new Money(limits.customerDailyInr).isZero() && new Money(limits.customerMonthlyInr).isZero();

function window(limitInr: string, usedInr: string): WindowHeadroom | null {
  const limit = new Money(limitInr);
  if (limit.isZero()) return null;
  const remaining = Money.max(limit.minus(usedInr), 0);
  return { limitInr: limit.toFixed(0), usedInr: new Money(usedInr).toFixed(0), remainingInr: remaining.toFixed(0, Money.ROUND_DOWN) };
}

export function headroomOf(limits: LimitSettings, usage: LimitUsage): Headroom {
  return { daily: window(limits.customerDailyInr, usage.dayInr), monthly: window(limits.customerMonthlyInr, usage.monthInr) };
}

/** A window an order does not fit in: which, its limit, what the customer's other orders hold in it and what is left. */
export interface LimitExcess extends WindowHeadroom {
  window: 'daily' | 'monthly';
  orderInr: string;
}

const SPAN = { daily: 'the last 24 hours', monthly: 'the last 30 days' } as const;

/** The first window an order of `orderInr` does not fit in, or null. The daily limit is named first: it frees up sooner. */
export function overLimit(limits: LimitSettings, usage: LimitUsage, orderInr: string): LimitExcess | null {
  const headroom = headroomOf(limits, usage);
  for (const window of ['daily', 'monthly'] as const) {
    const room = headroom[window];
    if (room && new Money(orderInr).gt(room.remainingInr)) return { window, orderInr, ...room };
  }
  return null;
}

/** Why an order of `orderInr` may not be placed, in the words the trading form shows; null when it fits. */
export function limitRefusal(limits: LimitSettings, usage: LimitUsage, orderInr: string): string | null {
  const excess = overLimit(limits, usage, orderInr);
  if (!excess) return null;
  const left = new Money(excess.remainingInr).isZero()
    ? 'you cannot place another order until some of it frees up'
    : `you can order up to ${formatInr(excess.remainingInr)} now`;
  return `This order (${formatInr(orderInr)}) is over your ${excess.window} limit of ${formatInr(excess.limitInr)}: your orders of ${SPAN[excess.window]} hold ${formatInr(excess.usedInr)}, so ${left}`;
}

/**
 * An expired order revived by a late payment holds money again, so it counts against its customer's
 * limits from then on, in the windows of its late payment (countsFrom). It was placed within them,
 * but other orders may have been placed while it lay expired: the limits are checked again at the
 * revival, the order's INR counted in both windows ending at `at` as money arriving now, however
 * long ago it was placed (counted by its placement alone, an order revived after 30 days fell in no
 * window: security review, issue 27). `usage` is what the customer's orders hold (an expired order
 * holds nothing; a pending one is taken out). Over a limit, the order is flagged and completing it
 * needs a second admin (four-eyes.ts); it is not refused, as the customer has already paid.
 */
export function revivalExcess(
  order: Pick<OrderView, 'fiatAmount' | 'status' | 'createdAt'>,
  limits: LimitSettings,
  usage: LimitUsage,
  at: string,
): LimitExcess | null {
  return overLimit(limits, order.status === 'pending' ? usageWithout(order, usage, at) : usage, order.fiatAmount);
}

/**
 * `usage` without an order that still holds money in it: a pending order is counted in the windows
 * its placement falls in, so one paid after its window before the expiry ran is taken out of those
 * first, to be counted once, as money arriving now (revivalExcess).
 */
function usageWithout(order: Pick<OrderView, 'fiatAmount' | 'createdAt'>, usage: LimitUsage, at: string): LimitUsage {
  const windows = limitWindows(new Date(at));
  const placed = Date.parse(order.createdAt);
  const less = (inr: string, window: WindowSplit) => (placed >= window.start.getTime() ? Money.max(new Money(inr).minus(order.fiatAmount), 0).toFixed(0) : inr);
  return { dayInr: less(usage.dayInr, windows.day), monthInr: less(usage.monthInr, windows.month) };
}

/**
 * A re-quote that raises what a sell pays out makes the order count for more: the limits are
 * checked again for the difference, in both windows ending now (`usage` counts the order at its old
 * INR already). Over a limit, completing it needs a second admin (four-eyes.ts). A buy's re-quote
 * keeps its INR, and a lower amount frees room: neither is checked.
 */
export function requoteExcess(order: Pick<OrderView, 'fiatAmount'>, newInr: string, limits: LimitSettings, usage: LimitUsage): LimitExcess | null {
  const raise = new Money(newInr).minus(order.fiatAmount);
  return raise.gt(0) ? overLimit(limits, usage, raise.toFixed(0)) : null;
}

/** The over-limit flag's evidence: which window, and its limit (one flag per window and limit, however often checked). */
export const overLimitEvidence = (excess: LimitExcess): string => `limit:${excess.window}:${excess.limitInr}`;
