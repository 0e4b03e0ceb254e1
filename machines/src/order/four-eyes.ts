/**
 * Four eyes: when settling an order needs a different admin to confirm it. One rule, asked once
 * by the completion decision (order.decide.ts); its reasons are recorded on the request and shown
 * on the admin's card in these words.
 *
 * - **Value above the threshold.** An order is worth the larger of its INR and its USDT valued at
 *   the brand's rate in force (never below the rate it was placed at), on its terms as placed and as
 *   settled: both legs, so a re-quote that multiplies the USDT a ₹1,000 buy pays out is valued by
 *   that USDT. Above the brand's `fourEyesAboveInr` (0: off) a second admin confirms.
 * - **A re-quote outside the band.** A new rate further than `requoteBandPercent` from the rate in
 *   force needs a second admin whatever the amount (requote-band.ts). A late payment is re-quoted
 *   whatever rate it settles at, its placed rate too (rate-lock.ts), so that rate is measured alike.
 * - **Over the customer's limits.** An order revived by a late payment that took its customer over
 *   their daily or monthly limit is flagged (customer-limits.ts), and a sell re-quoted to pay out
 *   more than their limits leave room for goes over them now; completing either needs a second admin.
 * - **Money to oneself.** An admin settling an order placed from their own account or phone, or from
 *   a customer account they made (`POST /api/admin/users`), is never alone.
 * The second admin confirms *before* the money leaves: a request may come without a payout
 * reference, and its confirmation approves the payout (PayoutApproved); the payout is then recorded
 * on those terms. A payout recorded first is refused (PAYOUT_NEEDS_APPROVAL). The confirmer is
 * another person: another account and another phone (`samePerson`).
 * Pure: the brand's settings in force come in with the command.
 */
import type { CompletionTerms, PayoutApproved, SecondAdminReason } from './order.events';
import type { OrderView } from './order-state';
import type { Controls } from '../settings/settings.schema';
import { selectRate, type RateTable } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { outsideBand } from './requote-band';

export type { SecondAdminReason };

/** What the card says for each reason. */
export const SECOND_ADMIN_REASONS: Record<SecondAdminReason, string> = {
  above_threshold: 'It is worth more than the four-eyes threshold',
  requote_outside_band: 'It is re-quoted further from the rate in force than the re-quote band allows',
  over_customer_limit: 'A late payment revived it and took the customer over their daily or monthly limit',
  own_order: "The admin settling it is the order's customer, or holds the customer's phone",
  account_made_by_you: "The admin settling it made the customer's account",
  money_in_doubt:
    'The bank statement or the chain disagrees with its payment (a reversal, a third party, another amount or brand, a reference used twice, a disputed payout)',
};

/**
 * Flags that put the order's money itself in doubt (decision 0032): paying it out is never one
 * admin's call. A payment reference or payout transaction also on another order is one (review 9,
 * N2). `paid_to_other_brand` is not: another brand's upload raises it, and one brand's statement
 * must never hold up another brand's payout (review 9, N1); it informs the operator.
 */
const MONEY_FLAGS: ReadonlySet<string> = new Set(['payment_reversed', 'reference_matched_elsewhere', 'payout_mismatch', 'duplicate_reference']);

/** Whether the bank or the chain disagrees with the order's payment: a money flag, or a statement line matched with something to look at. */
export const moneyInDoubt = (order: Pick<OrderView, 'flags' | 'bankMatch'>): boolean =>
  order.flags.some((flag) => MONEY_FLAGS.has(flag.kind)) || (order.bankMatch?.flags.length ?? 0) > 0;

/** The brand's settings in force that four eyes reads: its controls, its rates, and the rates two admins last agreed. */
export interface DeskRules {
  controls: Pick<Controls, 'fourEyesAboveInr' | 'requoteBandPercent' | 'chainPayoutMismatch'>;
  rates: RateTable;
  /**
   * The brand's rates as a second admin last confirmed them (the anchor, decision 0030): one admin
   * moves the rates in force only within the band of these, and four eyes values an order's USDT at
   * no less than them. Absent: the rates in force.
   */
  anchorRates?: RateTable | undefined;
}

type Valued = Pick<OrderView, 'orderType' | 'method' | 'rate' | 'fiatAmount' | 'cryptoAmount'>;

/** The brand's rate in force now for an order of this side and method (with the usual fall-backs). */
export const rateInForce = (order: Pick<OrderView, 'orderType' | 'method'>, rates: RateTable): string =>
  selectRate(rates, order.orderType === 'fiat_to_crypto' ? 'buy' : 'sell', order.method).rate;

/**
 * What the order is worth in INR on `terms`: its INR, or its USDT at the rate in force (never below
 * the placed rate, nor the agreed rate: one admin cannot shrink an order's worth by moving rates).
 */
export function orderValueInr(order: Valued, terms: Pick<CompletionTerms, 'repriced'>, rates: RateTable, anchorRates: RateTable = rates): string {
  const valuation = Money.max(new Money(rateInForce(order, rates)), new Money(rateInForce(order, anchorRates)), new Money(order.rate));
  const legs = [order, terms.repriced ?? order].flatMap((amounts) => [new Money(amounts.fiatAmount), new Money(amounts.cryptoAmount).times(valuation)]);
  return Money.max(...legs).toFixed(0, Money.ROUND_UP);
}

/** Who settles, and what else the settlement itself does, as far as four eyes asks. */
export interface Settlement {
  /** The admin settling. */
  actor?: StaffMember | null;
  /** Who made the customer's account: an admin's id for one made by `POST /api/admin/users`, else null. */
  accountMadeBy?: string | null;
  /** The settlement takes the customer over a limit (a sell re-quoted to pay out more: customer-limits.ts `requoteExcess`). */
  overLimitNow?: boolean;
}

/** Why settling the order on `terms` needs a second admin; empty when one admin may settle it. */
export function secondAdminReasons(
  order: Valued & Pick<OrderView, 'flags' | 'bankMatch' | 'userId' | 'userPhone' | 'latePayment'>,
  terms: Pick<CompletionTerms, 'repriced'>,
  rules: DeskRules,
  { actor = null, accountMadeBy = null, overLimitNow = false }: Settlement = {},
): SecondAdminReason[] {
  const reasons: SecondAdminReason[] = [];
  const threshold = new Money(rules.controls.fourEyesAboveInr);
  const anchor = rules.anchorRates ?? rules.rates;
  if (!threshold.isZero() && new Money(orderValueInr(order, terms, rules.rates, anchor)).gt(threshold)) reasons.push('above_threshold');
  // Outside the band of the rate in force, or of the agreed rate: a rate moved to the band's edge does not stretch it.
  const band = rules.controls.requoteBandPercent;
  const requoted = settlingRequote(order, terms);
  if (requoted !== null && [rules.rates, anchor].some((rates) => outsideBand(rateInForce(order, rates), requoted, band))) {
    reasons.push('requote_outside_band');
  }
  if (overLimitNow || order.flags.some((flag) => flag.kind === 'over_customer_limit')) reasons.push('over_customer_limit');
  if (moneyInDoubt(order)) reasons.push('money_in_doubt');
  // Money to oneself: an admin settling their own order (on any of their accounts) is never alone.
  if (actor && isCustomer(order, actor)) reasons.push('own_order');
  if (actor && madeTheAccount(accountMadeBy, actor)) reasons.push('account_made_by_you');
  return reasons;
}

/**
 * The rate a settlement re-quotes the order at, or null: a new rate, or for an order paid late the
 * rate it settles at even when that is its placed rate (a late payment is a new decision: third
 * security review, issue 27, where a weeks-old placed rate escaped the band a nearer rate met).
 */
const settlingRequote = (order: Pick<OrderView, 'rate' | 'latePayment'>, terms: Pick<CompletionTerms, 'repriced'>): string | null =>
  terms.repriced?.rate ?? (order.latePayment ? order.rate : null);

/**
 * The payout needs a second admin's approval before it is sent: asked of MarkCryptoSent and of a
 * completion that names a payout reference (the money has left by then). Recorded payouts come after
 * the approval, never before (security review, issue 27: four eyes had come after the payout).
 */
export const PAYOUT_NEEDS_APPROVAL =
  'This payout needs a second admin to approve it before the money is sent: press Approve with the reference left empty to ask for it, then send it and record the reference';

/**
 * Whether a second admin's approval (PayoutApproved) covers settling on `terms` for `reasons`: the
 * same rate (a re-quote, or none), and no reason the approver did not see (a flag raised since, an
 * admin settling their own order). An expiry ends an approval (the machine).
 */
export function approvalCovers(
  approval: Pick<PayoutApproved['data'], 'repriced' | 'reasons'> | null,
  terms: Pick<CompletionTerms, 'repriced'>,
  reasons: readonly SecondAdminReason[],
): boolean {
  if (!approval) return false;
  if (reasons.some((reason) => !(approval.reasons ?? []).includes(reason))) return false;
  const [approved, settling] = [approval.repriced?.rate ?? null, terms.repriced?.rate ?? null];
  return approved === null || settling === null ? approved === settling : new Money(approved).eq(new Money(settling));
}

/** Staff as four eyes tells them apart: their account, and the phone that is the person (one person holds one staff account). */
export interface StaffMember {
  id: string;
  phone: string | null;
}

/** Whether two staff are one person: the same account, or two accounts of one phone. */
export const samePerson = (a: StaffMember, b: StaffMember): boolean => a.id === b.id || (a.phone !== null && a.phone === b.phone);

/** Whether a staff member is the order's customer: their account placed it, or it was placed from their phone (on any brand). */
export const isCustomer = (order: Pick<OrderView, 'userId' | 'userPhone'>, staff: StaffMember): boolean =>
  samePerson({ id: order.userId, phone: order.userPhone }, staff);

/**
 * Whether a staff member made the order's customer account (an admin chose its phone and first
 * password: third security review, issue 27). Told by account: a person holds one staff account.
 */
export const madeTheAccount = (accountMadeBy: string | null, staff: StaffMember): boolean => accountMadeBy !== null && accountMadeBy === staff.id;

export const ACCOUNT_MADE_BY_YOU = "You made this customer's account: another admin must approve paying out its orders";

export const OWN_ORDER = 'This is your own order (you are its customer, or it was placed from your phone): another admin must approve paying it out';
