/**
 * The rate lock, and the rate an order completes at (decision 0011).
 *
 * - Placing captures the rate in force and locks it for the rate-lock minutes (the buy screen
 *   promises 5); the payment window is longer.
 * - A proof after the lock marks the order (`rateLockExpiredProof`); a proof after the payment
 *   window, or for an expired order, marks it paid late (`latePayment`).
 * - At completion: an order paid late is never completed as placed: the desk names the rate it
 *   completes at (a re-quote, or the placed rate again, deliberately). A customer who proved payment
 *   within the lock gets the rate they were shown: a different rate is refused. An order proved after
 *   the lock, or with no proof to date it (cash at the counter), may be re-quoted.
 * Whether a re-quote also needs a second admin is four-eyes.ts's question. Pure: times come in.
 */
import type { OrderView } from './order-state';
import { Money } from '../pricing/decimal';
import { rateProblem } from '../pricing/bounds';
import { Refusal } from '../shared/refusal';

/** A late payment is never completed as it was placed: the desk re-quotes it (a rate) or rejects it for a refund. */
export const LATE_PAYMENT_NEEDS_RATE =
  'This order was paid after its payment window: enter the rate to complete it at (a re-quote), or reject it so the payment is refunded';

export const LATE_PAYMENT_SENT_NEEDS_RATE =
  'This order was paid after its payment window: complete it with the rate to pay out at (a re-quote), or have a second admin approve the payout at a rate, before the USDT is sent';

export const paidWithinRateLock = (rate: string) =>
  `The customer proved this payment while the rate was locked: it completes at the rate they were shown (${rate}). Leave the rate empty, or reject the order`;

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

/** When a new order's rate lock and payment window end. */
export function placementDeadlines(placedAt: Date, times: { rateLockMinutes: number; paymentWindowMinutes: number }) {
  return { rateLockedUntil: minutesAfter(placedAt, times.rateLockMinutes), paymentDueAt: minutesAfter(placedAt, times.paymentWindowMinutes) };
}

type Deadlines = Pick<OrderView, 'status' | 'rateLockedUntil' | 'paymentDueAt'>;

/** How a proof at `at` stands against the order's deadlines: after the lock, after the payment window. */
export function proofTiming(order: Deadlines, at: string): { afterRateLock: boolean; afterPaymentWindow: boolean } {
  const when = Date.parse(at);
  return { afterRateLock: when > Date.parse(order.rateLockedUntil), afterPaymentWindow: order.status === 'expired' || when > Date.parse(order.paymentDueAt) };
}

/**
 * Whether a proof at `at` is the late payment that revives the order: the first proof after its
 * payment window, on an order expired or still pending past it (the expiry not yet run). It holds
 * money again and is a new decision: it counts against the limits again (customer-limits.ts), and
 * a request or approval from before it ends (order.machine.ts).
 */
export const revivesOrder = (order: Deadlines & Pick<OrderView, 'latePayment'>, at: string): boolean =>
  !order.latePayment && proofTiming(order, at).afterPaymentWindow;

type Priced = Pick<OrderView, 'rate' | 'latePayment' | 'proofCount' | 'rateLockExpiredProof'>;

/**
 * The USDT of an order paid late goes out only at a rate someone named after the late payment: a
 * completion with its rate (completionRate), or a payout a second admin approved (the late payment
 * ended any approval from before it, order.machine.ts). Recorded as sent with neither, the rate would
 * be named only at completion, after the money had left (the fifth review's G2).
 */
export function assertSentAtNamedRate(order: Pick<OrderView, 'latePayment' | 'payoutApproval'>): void {
  if (order.latePayment && !order.payoutApproval) throw Refusal.conflict('late_payment_needs_rate', LATE_PAYMENT_SENT_NEEDS_RATE);
}

/**
 * The rate a completion settles at, given the rate the admin typed (blank: none): null to complete
 * at the placed rate, else the new rate (a re-quote). Refuses a late payment without a rate, a
 * re-quote of an order proved within its lock, and a rate out of bounds.
 */
export function completionRate(order: Priced, typed: string | null): string | null {
  if (typed === null) {
    if (order.latePayment) throw Refusal.invalid('rate', LATE_PAYMENT_NEEDS_RATE);
    return null;
  }
  const problem = rateProblem(typed);
  if (problem) throw Refusal.invalid('rate', problem);
  if (new Money(typed).eq(new Money(order.rate))) return null;
  const provedWithinLock = order.proofCount > 0 && !order.rateLockExpiredProof && !order.latePayment;
  if (provedWithinLock) throw Refusal.invalid('rate', paidWithinRateLock(order.rate));
  return typed;
}
