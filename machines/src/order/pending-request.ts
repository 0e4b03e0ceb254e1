/**
 * A completion request waiting for a second admin holds the order (issue 29). Until it is confirmed,
 * declined (by another admin) or withdrawn (by the admin who asked), no admin records a payout
 * (Mark Crypto Sent), settles the order another way or asks again (Approve, Complete), or rejects it.
 *
 * Why a careful desk holds it rather than letting the next command end the request silently:
 * - the second admin is reading the request's terms and may press Confirm at any moment; the order
 *   must not become something else under them (a rejection, a new rate, a payout recorded);
 * - the record then says who ended the request, and why (the decline's note), before anything
 *   else happened: a requester who changes their mind withdraws, then rejects; another admin who
 *   disagrees declines, then acts;
 * - a rejection of a paid order starts a refund: money moves, so it waits like the payout does.
 * Neither step needs a second admin (a rejection never did: decision 0020); the order simply takes
 * one decision at a time. Evidence is not held (a verification, a proof, a flag, a bank line, the
 * chain's reading): it is noted on the request, whose terms it leaves as they were. The system's
 * own events (the expiry, a late payment) end the request as before: they are not a person's choice.
 * Pure: the order's view comes in.
 */
import { Refusal } from '../shared/refusal';
import type { OrderAction } from './order-actions';
import type { OrderView } from './order-state';

/** The admin actions that compete with a pending request: each would settle, re-ask or close the order. */
export const HELD_BY_REQUEST: ReadonlySet<OrderAction> = new Set<OrderAction>(['markCryptoSent', 'complete', 'reject']);

export const REQUEST_PENDING =
  'A second admin has not answered the completion request on this order yet: the admin who asked withdraws it, or another admin confirms or declines it, before the order is approved, completed, marked as crypto sent or rejected';

/** The commands behind those actions (order.decide.ts `OrderCommand`), by type. */
const HELD_COMMANDS: ReadonlySet<string> = new Set(['MarkCryptoSent', 'CompleteOrder', 'RejectOrder']);

/** Refuses a competing command while a request waits (409 `completion_request_pending`); any other command passes. */
export function assertNotHeldByRequest(order: Pick<OrderView, 'completionRequest'>, commandType: string): void {
  if (order.completionRequest && HELD_COMMANDS.has(commandType)) throw Refusal.conflict('completion_request_pending', REQUEST_PENDING);
}

/** The actions the order's state allows, less those a pending request holds: what an admin's screen offers beside the request. */
export const actionsBesideRequest = <A extends OrderAction>(actions: readonly A[], requestPending: boolean): A[] =>
  requestPending ? actions.filter((action) => !HELD_BY_REQUEST.has(action)) : [...actions];
