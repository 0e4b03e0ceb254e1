import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import {
  at,
  attachment,
  completed,
  completionRequested,
  cryptoSent,
  expired,
  flagged,
  payoutApproved,
  placed,
  placedSell,
  proof,
  rejected,
  verified,
} from './order.fixtures';
import { LATE_PAYMENT_SENT_NEEDS_RATE } from './rate-lock';
import { LATE_PAYMENT_NEEDS_RATE, NO_PENDING_REQUEST, SAME_ADMIN, decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import { PAYOUT_NEEDS_APPROVAL } from './four-eyes';
import type { OrderEvent } from './order.events';
import { desk } from './order.fixtures';

/** A completion by admin-a with the four-eyes threshold off, unless a test sets it. */
const COMPLETE = { type: 'CompleteOrder', by: 'admin-a', byPhone: '+919000000001', accountMadeBy: null, requestId: 'request-1', desk: desk() } as const;
/** Proof that came after the rate lock: the desk may re-quote such an order. */
const proofAfterLock = () => proof({ submittedAt: at(6), afterRateLock: true });

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });

describe("order decisions, given the order's events", () => {
  it("records proof with the customer's reference, flagged when it comes after the rate lock", () => {
    const buy = placed();
    spec([buy])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: '  UTR42  ', at: at(3) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: null, reference: 'UTR42', submittedAt: at(3), afterRateLock: false, afterPaymentWindow: false } },
      ]);
    spec([buy])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: attachment(), reference: 'UTR43', at: at(6) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: attachment(), reference: 'UTR43', submittedAt: at(6), afterRateLock: true, afterPaymentWindow: false } },
      ]);
  });

  it('refuses proof with neither a file nor a reference', () => {
    spec([placed()])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: '   ', at: at(3) })
      .thenRefuses({ kind: 'invalid', path: 'dataUrl', message: 'Please select a file or enter a payment reference' });
  });

  it('takes at most ten proofs for one order', () => {
    const nine = Array.from({ length: 9 }, () => proof());
    spec([placed(), ...nine])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: 'UTR10', at: at(3) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: null, reference: 'UTR10', submittedAt: at(3), afterRateLock: false, afterPaymentWindow: false } },
      ]);
    spec([placed(), ...nine, proof()])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: 'UTR11', at: at(3) })
      .thenRefuses({ kind: 'conflict', message: 'An order takes at most 10 payment proofs' });
  });

  it('needs the reference that matches the order type to complete, in the words of approve or complete', () => {
    spec([placed(), proof()])
      .when({ ...COMPLETE, mode: 'approve', at: at(30) })
      .thenRefuses({ path: 'cryptoReference', message: 'Crypto transaction reference is required to approve buy orders' });
    spec([placedSell(), proof()])
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', at: at(30) })
      .thenRefuses({ path: 'bankUtr', message: 'UTR reference is required to complete sell orders (USDT→INR)' });
    spec([placedSell(), proof()])
      .when({ ...COMPLETE, mode: 'complete', bankUtr: ' UTR9 ', at: at(30) })
      .thenRecords([{ type: 'OrderCompleted', data: { completedAt: at(30), bankUtr: 'UTR9', cryptoReference: null, repriced: null } }]);
  });

  it('completes a buy whose crypto already went out without asking for the reference again', () => {
    spec([placed(), proof(), verified(), cryptoSent('0xsent')])
      .when({ ...COMPLETE, mode: 'complete', at: at(40) })
      .thenRecords([{ type: 'OrderCompleted', data: { completedAt: at(40), bankUtr: null, cryptoReference: null, repriced: null } }]);
  });

  it('reprices at a new rate, keeping the old terms, and refuses a rate out of bounds', () => {
    // 1000 INR at 87 = 11.49 USDT gross; 0.5% fee = 0.05745 -> 0.06; net 11.43 (87 is within 2 % of 88.5)
    spec([placed(), proofAfterLock()])
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', rate: '87', at: at(30) })
      .thenRecords([
        {
          type: 'OrderCompleted',
          data: {
            completedAt: at(30),
            bankUtr: null,
            cryptoReference: '0x1',
            repriced: {
              rate: '87',
              fiatAmount: '1000',
              cryptoAmount: '11.43',
              feeAmount: '0.06',
              previous: { rate: '88.5', fiatAmount: '1000', cryptoAmount: '11.23', feeAmount: '0.06' },
            },
          },
        },
      ]);
    spec([placed(), proofAfterLock()])
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', rate: '412345678901', at: at(30) })
      .thenRefuses({ path: 'rate', message: 'Rate must be between 0.01 and 100000' });
    spec([placed(), proofAfterLock()])
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', rate: '88.50', at: at(30) })
      .thenRecords([{ type: 'OrderCompleted', data: { completedAt: at(30), bankUtr: null, cryptoReference: '0x1', repriced: null } }]);
  });

  it("keeps a rejection's reason trimmed and at most 500 characters", () => {
    spec([placed()])
      .when({ type: 'RejectOrder', reasonCode: 'amount_mismatch', reason: ` ${'x'.repeat(600)} `, at: at(9) })
      .thenRecords([{ type: 'OrderRejected', data: { rejectedAt: at(9), reason: 'x'.repeat(500), reasonCode: 'amount_mismatch' } }]);
    spec([placed()])
      .when({ type: 'RejectOrder', reasonCode: 'other', reason: '  ', at: at(9) })
      .thenRecords([{ type: 'OrderRejected', data: { rejectedAt: at(9), reason: null, reasonCode: 'other' } }]);
  });

  it("records a cancellation as the customer's request, with their note", () => {
    spec([placed()])
      .when({ type: 'CancelOrder', note: ' Wrong amount typed ', at: at(4) })
      .thenRecords([{ type: 'OrderCancelled', data: { cancelledAt: at(4), reasonCode: 'customer_request', note: 'Wrong amount typed' } }]);
  });

  it('records proof after the payment window, or for an expired order, as a late payment', () => {
    spec([placed()])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: 'UTR1', at: at(61) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: null, reference: 'UTR1', submittedAt: at(61), afterRateLock: true, afterPaymentWindow: true } },
      ]);
    spec([placed(), expired(at(60))])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: 'UTR2', at: at(90) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: null, reference: 'UTR2', submittedAt: at(90), afterRateLock: true, afterPaymentWindow: true } },
      ]);
    spec([placed()])
      .when({ type: 'SubmitProof', limitCheck: null, attachment: null, reference: 'UTR3', at: at(3) })
      .thenRecords([
        { type: 'ProofSubmitted', data: { attachment: null, reference: 'UTR3', submittedAt: at(3), afterRateLock: false, afterPaymentWindow: false } },
      ]);
  });

  it('never completes a late payment as it was placed: a re-quote names a rate', () => {
    const late = [placed(), expired(at(60)), proof({ submittedAt: at(90), afterRateLock: true, afterPaymentWindow: true })];
    spec(late)
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', at: at(95) })
      .thenRefuses({ path: 'rate', message: LATE_PAYMENT_NEEDS_RATE });
    spec(late)
      .when({ ...COMPLETE, mode: 'complete', cryptoReference: '0x1', rate: '88.50', at: at(95) })
      .thenRecords([{ type: 'OrderCompleted', data: { completedAt: at(95), bankUtr: null, cryptoReference: '0x1', repriced: null } }]);
  });

  it('flags the same evidence against the same order once', () => {
    const flag = { type: 'FlagOrder', kind: 'duplicate_reference', evidence: 'utr:UTR1', relatedOrderId: 'o2', relatedRefCode: 'ORD-2', at: at(40) } as const;
    spec([placed(), completed({ cryptoReference: '0xdone' })])
      .when(flag)
      .thenRecords([
        { type: 'OrderFlagged', data: { kind: 'duplicate_reference', evidence: 'utr:UTR1', relatedOrderId: 'o2', relatedRefCode: 'ORD-2', flaggedAt: at(40) } },
      ]);
    spec([placed(), flagged({ evidence: 'utr:UTR1', relatedOrderId: 'o2' })])
      .when(flag)
      .thenRecords([]);
  });

  it('needs the order to exist', () => {
    spec([])
      .when({ type: 'VerifyOrder', at: at(1) })
      .thenRefuses({ kind: 'not_found', message: 'Order not found' });
  });
});

describe('four eyes above the threshold', () => {
  // The fixture's buy is for ₹1000.
  const paid = () => [placed(), proof()];
  // Each admin on a phone of their own: admin-a on …0a, admin-b on …0b.
  const phoneOf = (by: string) => `+9190000000${by.slice(-1)}`;
  const confirm = (by: string, requestId = 'request-1') =>
    ({ type: 'ConfirmCompletion', requestId, by, byPhone: phoneOf(by), requesterPhone: phoneOf('admin-a'), accountMadeBy: null, at: at(35) }) as const;

  it('asks a second admin to approve the payout above the threshold, before any reference, and completes at or below it', () => {
    spec(paid())
      .when({ ...COMPLETE, desk: desk({ fourEyesAboveInr: '999' }), mode: 'complete', at: at(30) })
      .thenRecords([
        {
          type: 'CompletionRequested',
          data: {
            bankUtr: null,
            cryptoReference: null,
            repriced: null,
            requestId: 'request-1',
            mode: 'complete',
            requestedBy: 'admin-a',
            requestedAt: at(30),
            thresholdInr: '999',
            reasons: ['above_threshold'],
            valueInr: '1000',
            rateInForce: '88.5',
          },
        },
      ]);
    spec(paid())
      .when({ ...COMPLETE, desk: desk({ fourEyesAboveInr: '1000' }), mode: 'complete', cryptoReference: '0x1', at: at(30) })
      .thenRecords([{ type: 'OrderCompleted', data: { completedAt: at(30), bankUtr: null, cryptoReference: '0x1', repriced: null } }]);
  });

  it('refuses a payout reference recorded before a second admin approved the payout', () => {
    spec(paid())
      .when({ ...COMPLETE, desk: desk({ fourEyesAboveInr: '999' }), mode: 'complete', cryptoReference: '0xalready', at: at(30) })
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval', message: PAYOUT_NEEDS_APPROVAL });
    spec([...paid(), verified()])
      .when({
        type: 'MarkCryptoSent',
        cryptoReference: '0xalready',
        desk: desk({ fourEyesAboveInr: '999' }),
        by: 'admin-a',
        byPhone: '+919000000001',
        accountMadeBy: null,
        at: at(30),
      })
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval' });
  });

  it('approves the payout when a different admin confirms a request made before any payout; the payout is then recorded on its terms', () => {
    const asked = completionRequested({ cryptoReference: null, bankUtr: null });
    spec([...paid(), asked])
      .when(confirm('admin-b'))
      .thenRecords([payoutApproved()]);
    const approved = payoutApproved();
    const big = desk({ fourEyesAboveInr: '999' });
    spec([...paid(), verified(), asked, approved])
      .when({ type: 'MarkCryptoSent', cryptoReference: '0xsent', desk: big, by: 'admin-a', byPhone: '+919000000001', accountMadeBy: null, at: at(40) })
      .thenRecords([{ type: 'CryptoSent', data: { cryptoReference: '0xsent', sentAt: at(40) } }]);
    spec([...paid(), asked, approved])
      .when({ ...COMPLETE, desk: big, mode: 'complete', cryptoReference: '0xsent', at: at(40) })
      .thenRecords([
        completed({ completedAt: at(40), cryptoReference: '0xsent', approved: { requestId: 'request-1', approvedBy: 'admin-b', approvedAt: at(35) } }),
      ]);
  });

  it('settles a payout approved at a re-quoted rate on that rate, and asks again for another', () => {
    const big = desk({ fourEyesAboveInr: '999' });
    const after = [placed(), proof({ submittedAt: at(6), afterRateLock: true })];
    const requoted = decideOrder(after.reduce(orderEvolver.evolve, orderEvolver.initial()), {
      ...COMPLETE,
      desk: big,
      mode: 'complete',
      rate: '89',
      at: at(30),
    })[0]!;
    expect(requoted).toMatchObject({ type: 'CompletionRequested', data: { repriced: { rate: '89' } } });
    const repriced = (requoted as Extract<OrderEvent, { type: 'CompletionRequested' }>).data.repriced;
    const approved = payoutApproved({ repriced });
    // No rate typed: the approved one.
    spec([...after, requoted, approved])
      .when({ ...COMPLETE, desk: big, mode: 'complete', cryptoReference: '0xsent', at: at(40) })
      .thenRecords([
        expect.objectContaining({
          type: 'OrderCompleted',
          data: expect.objectContaining({ repriced, approved: expect.objectContaining({ requestId: 'request-1' }) }),
        }) as never,
      ]);
    // Another rate is another payout: it needs its own approval.
    spec([...after, requoted, approved])
      .when({ ...COMPLETE, desk: big, mode: 'complete', cryptoReference: '0xsent', rate: '88', at: at(40) })
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval' });
  });

  it("completes on the request's terms when a different admin confirms a request that named its payout, naming the request", () => {
    spec([...paid(), completionRequested({ cryptoReference: '0xasked', bankUtr: null })])
      .when(confirm('admin-b'))
      .thenRecords([
        completed({ completedAt: at(35), cryptoReference: '0xasked', confirms: { requestId: 'request-1', requestedBy: 'admin-a', requestedAt: at(30) } }),
      ]);
  });

  it('refuses the requester confirming their own request, from any account of their phone', () => {
    spec([...paid(), completionRequested()])
      .when(confirm('admin-a'))
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes', message: SAME_ADMIN });
    // Another account (a brand admin's) on the requester's own phone is the same person.
    spec([...paid(), completionRequested()])
      .when({ ...confirm('admin-b'), byPhone: phoneOf('admin-a') })
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes', message: SAME_ADMIN });
  });

  it('ends a request when its terms change: crypto sent, declined or replaced', () => {
    spec([...paid(), verified(), completionRequested(), cryptoSent('0xother')])
      .when(confirm('admin-b'))
      .thenRefuses({ kind: 'conflict', code: 'no_completion_request', message: NO_PENDING_REQUEST });
    spec([...paid(), completionRequested(), completionRequested({ requestId: 'request-2' })])
      .when(confirm('admin-b'))
      .thenRefuses({ kind: 'conflict', code: 'completion_request_changed' });
    spec([...paid(), completionRequested()])
      .when({ type: 'DeclineCompletion', requestId: 'request-1', by: 'admin-b', note: ' UTR not on statement ', at: at(33) })
      .thenRecords([
        { type: 'CompletionRequestDeclined', data: { requestId: 'request-1', declinedBy: 'admin-b', declinedAt: at(33), note: 'UTR not on statement' } },
      ]);
  });

  it("survives a customer's extra proof, a flag and a verification, which leave its terms as they were", () => {
    for (const evidence of [proof({ reference: 'UTR2', submittedAt: at(32) }), flagged(), verified(at(33))]) {
      spec([...paid(), completionRequested(), evidence])
        .when(confirm('admin-b'))
        .thenRecords([
          expect.objectContaining({
            type: 'OrderCompleted',
            data: expect.objectContaining({ confirms: expect.objectContaining({ requestId: 'request-1' }) }),
          }) as never,
        ]);
    }
  });

  it('holds a pending completion against a rejection (pending-request.ts); a rejection recorded before that rule still ends the request', () => {
    spec([...paid(), completionRequested(), rejected()])
      .when(confirm('admin-b'))
      .thenRefuses({ kind: 'conflict', code: 'no_completion_request' });
    spec([...paid(), verified(), completionRequested()])
      .when({ type: 'RejectOrder', reasonCode: 'suspected_fraud', reason: null, at: at(40) })
      .thenRefuses({ kind: 'conflict', code: 'completion_request_pending' });
  });
});

describe('the USDT of a late payment', () => {
  const late = [placed(), expired(at(60)), proof({ submittedAt: at(90), afterRateLock: true, afterPaymentWindow: true }), verified(at(95))];
  const sent = {
    type: 'MarkCryptoSent',
    cryptoReference: '0xsent',
    desk: desk(),
    by: 'admin-a',
    byPhone: '+919000000001',
    accountMadeBy: null,
    at: at(100),
  } as const;

  it('is not recorded as sent before someone named the rate it goes out at', () => {
    spec(late).when(sent).thenRefuses({ kind: 'conflict', code: 'late_payment_needs_rate', message: LATE_PAYMENT_SENT_NEEDS_RATE });
  });

  it('is recorded as sent once a second admin approved the payout, after the late payment', () => {
    const approved = [...late, completionRequested({ requestedAt: at(96) }), payoutApproved({ requestedAt: at(96), approvedAt: at(97) })];
    spec(approved)
      .when(sent)
      .thenRecords([{ type: 'CryptoSent', data: { cryptoReference: '0xsent', sentAt: at(100) } }]);
  });
});
