import { describe, expect, it } from 'vitest';
import type { OrderEvent, OrderEventType } from './order.events';
import { PROOF_REQUIRED } from './proof-requirement';
import {
  at,
  cancelled,
  completed,
  completionDeclined,
  completionRequested,
  cryptoSent,
  expired,
  flagged,
  given,
  historyFor,
  placed,
  placedSell,
  payoutApproved,
  proof,
  refusalOf,
  rejected,
  paymentMatched,
  chainChecked,
  verified,
  viewOf,
  type MachineState,
} from './order.fixtures';

const STATES: MachineState[] = ['none', 'pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'];

/** One event of each type that passes every guard where its transition exists. */
const candidates = (): Record<OrderEventType, OrderEvent> => ({
  OrderPlaced: placed(),
  ProofSubmitted: proof(),
  OrderCancelled: cancelled(),
  OrderExpired: expired(at(90)),
  OrderVerified: verified(),
  CryptoSent: cryptoSent(),
  OrderCompleted: completed({ cryptoReference: '0xdone', bankUtr: 'UTRPAYOUT1' }),
  OrderRejected: rejected(),
  OrderFlagged: flagged(),
  CompletionRequested: completionRequested(),
  // Declines or approves only the pending request: none is pending in these histories, so both are refused everywhere.
  CompletionRequestDeclined: completionDeclined(),
  PayoutApproved: payoutApproved(),
  PaymentMatched: paymentMatched(),
  ChainTransferChecked: chainChecked(),
});

// A completion above the four-eyes threshold is asked for wherever it could be recorded; the order stays put.
const REQUESTED = {
  buy: ['pending', 'fiat_received', 'crypto_sent'].map((s) => `${s} CompletionRequested ${s}`),
  sell: ['pending', 'approved'].map((s) => `${s} CompletionRequested ${s}`),
};

// Flags inform: every state of a placed order takes them and stays where it is.
const FLAGGED = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'].map((s) => `${s} OrderFlagged ${s}`);

// A bank line matched, and what the chain showed, inform too, in every state of a placed order, closed ones included.
const MATCHED = ['PaymentMatched', 'ChainTransferChecked'].flatMap((type) => FLAGGED.map((row) => row.replace('OrderFlagged', type)));

/** The lifecycle table: [from, event] -> to, per side. Every other cell must be refused. */
const TABLE: Record<'buy' | 'sell', string[]> = {
  buy: [
    'none OrderPlaced pending',
    'pending ProofSubmitted pending',
    'pending OrderCancelled cancelled',
    'pending OrderExpired expired',
    'pending OrderVerified fiat_received',
    'pending OrderCompleted completed',
    'pending OrderRejected rejected',
    'fiat_received CryptoSent crypto_sent',
    'fiat_received OrderCompleted completed',
    'fiat_received OrderRejected rejected',
    'crypto_sent OrderCompleted completed',
    ...[...FLAGGED, ...MATCHED].filter((row) => !row.startsWith('approved')),
    ...REQUESTED.buy,
  ],
  sell: [
    'none OrderPlaced pending',
    'pending ProofSubmitted pending',
    'pending OrderCancelled cancelled',
    'pending OrderExpired expired',
    'pending OrderVerified approved',
    'pending OrderCompleted completed',
    'pending OrderRejected rejected',
    'approved OrderCompleted completed',
    'approved OrderRejected rejected',
    ...[...FLAGGED, ...MATCHED].filter((row) => !row.startsWith('fiat_received') && !row.startsWith('crypto_sent')),
    ...REQUESTED.sell,
  ],
};

describe.each(['buy', 'sell'] as const)('transition matrix (%s order)', (side) => {
  const allowed = new Map(
    TABLE[side].map((row) => {
      const [from, type, to] = row.split(' ');
      return [`${from} ${type}`, to];
    }),
  );
  const cells = STATES.flatMap((state) => (Object.keys(candidates()) as OrderEventType[]).map((type) => ({ state, type }))).filter(
    ({ state }) => historyFor(state, side) !== null,
  );

  it.each(cells)('$state + $type', ({ state, type }) => {
    const outcome = given(historyFor(state, side) ?? []).when(candidates()[type]);
    const expected = allowed.get(`${state} ${type}`);
    if (expected === undefined) {
      const refusal = refusalOf(outcome);
      expect(refusal.code).toBe('invalid_transition');
      expect(refusal.currentStatus).toBe(state === 'none' ? null : state);
      expect(refusal.message.length).toBeGreaterThan(10);
    } else {
      expect(outcome.accepted && outcome.view.status).toBe(expected);
    }
  });

  it('covers every row of the table', () => {
    const accepted = cells.filter(({ state, type }) => given(historyFor(state, side) ?? []).when(candidates()[type]).accepted);
    expect(accepted.map(({ state, type }) => `${state} ${type}`).sort()).toEqual([...allowed.keys()].sort());
  });
});

describe('guard refusals', () => {
  it('refuses cancelling and expiring once proof was submitted', () => {
    const history = [placed(), proof()];
    expect(refusalOf(given(history).when(cancelled())).message).toBe('Order cannot be cancelled after payment proof was submitted');
    expect(refusalOf(given(history).when(expired(at(120)))).message).toBe('Order cannot expire after payment proof was submitted');
  });

  it('keeps an order alive when its proof beats the expiry, even after the due time', () => {
    const late = [placed(), proof({ submittedAt: at(70), afterRateLock: true })];
    expect(refusalOf(given(late).when(expired(at(71)))).currentStatus).toBe('pending');
  });

  it('expires exactly at the due time, not a moment before', () => {
    const order = placed({ refCode: 'ORD-EXP001' });
    expect(given([order]).when(expired(at(60))).accepted).toBe(true);
    const refusal = refusalOf(given([order]).when(expired(at(59.99))));
    expect(refusal).toEqual({
      code: 'invalid_transition',
      currentStatus: 'pending',
      message: `Order ORD-EXP001 cannot expire before its payment window ends at ${at(60)}`,
    });
  });

  it('refuses a proof with neither a file nor a reference', () => {
    for (const reference of [null, '', '   ']) {
      expect(refusalOf(given([placed()]).when(proof({ reference }))).message).toBe(PROOF_REQUIRED);
    }
  });

  it('refuses completing a buy without a crypto transaction', () => {
    const buy = placed();
    for (const event of [completed(), completed({ cryptoReference: ' ', bankUtr: 'UTR1' })]) {
      expect(refusalOf(given([buy, proof()]).when(event))).toEqual({
        code: 'invalid_transition',
        currentStatus: 'pending',
        message: 'A buy order needs a crypto transaction reference to be completed',
      });
      expect(refusalOf(given([buy, proof(), verified()]).when(event)).currentStatus).toBe('fiat_received');
    }
  });

  it('refuses completing a sell without a UTR', () => {
    const sell = placedSell();
    for (const event of [completed(), completed({ bankUtr: '  ', cryptoReference: '0xabc' })]) {
      expect(refusalOf(given([sell, proof()]).when(event)).message).toBe('A sell order needs a UTR reference to be completed');
      expect(refusalOf(given([sell, proof(), verified()]).when(event)).currentStatus).toBe('approved');
    }
  });

  it('refuses marking crypto sent without its reference', () => {
    const outcome = given([placed(), proof(), verified()]).when(cryptoSent('  '));
    expect(refusalOf(outcome).message).toBe('Marking crypto as sent needs the crypto transaction reference');
  });
});

describe('refusal messages', () => {
  const ref = 'ORD-ABC123';
  it('names the order and its status', () => {
    const done = [placed({ refCode: ref }), proof(), completed({ cryptoReference: '0x1' })];
    expect(refusalOf(given(done).when(rejected())).message).toBe('Order ORD-ABC123 is completed; it cannot be rejected');
    expect(refusalOf(given(done).when(completed({ cryptoReference: '0x2' }))).message).toBe('Order ORD-ABC123 is already completed');
    const shipped = [placed({ refCode: ref }), proof(), verified(), cryptoSent()];
    expect(refusalOf(given(shipped).when(rejected())).message).toBe('Order ORD-ABC123 is processing (crypto sent); it cannot be rejected');
    expect(refusalOf(given([placed({ refCode: ref })]).when(placed({ refCode: ref }))).message).toBe('Order ORD-ABC123 has already been placed; it is pending');
  });

  it('explains proofs outside pending, events before placement, and crypto on a sell', () => {
    expect(refusalOf(given([placed(), rejected()]).when(proof())).message).toBe('Proof can only be added while the order is pending; it is rejected');
    expect(refusalOf(given([]).when(rejected()))).toEqual({
      code: 'invalid_transition',
      currentStatus: null,
      message: 'Order does not exist',
    });
    expect(refusalOf(given([placedSell({ refCode: ref })]).when(cryptoSent())).message).toBe(
      'Order ORD-ABC123 is a sell order; only a buy order is marked as crypto sent',
    );
  });
});

describe('four eyes in the machine', () => {
  const request = completionRequested();
  it('keeps a request pending through evidence that leaves its terms as they were, noting it for the second admin', () => {
    const asked = [placed(), proof(), request];
    const afterFlag = viewOf(given(asked).when(flagged()));
    expect(afterFlag.completionRequest).toMatchObject({ requestId: 'request-1', evidenceSince: [{ kind: 'flag', at: at(40), detail: 'duplicate_reference' }] });
    const afterProof = viewOf(given(asked).when(proof({ reference: 'UTR-PART-2', submittedAt: at(31) })));
    expect(afterProof.completionRequest?.evidenceSince).toEqual([{ kind: 'proof', at: at(31), detail: 'UTR-PART-2' }]);
    expect(viewOf(given(asked).when(verified(at(32)))).completionRequest?.evidenceSince).toEqual([{ kind: 'verified', at: at(32), detail: null }]);
    expect(viewOf(given([...asked, completionDeclined()]).when(flagged())).status).toBe('pending');
    const confirms = { requestId: 'request-1', requestedBy: 'admin-a', requestedAt: at(30) };
    expect(viewOf(given([...asked, flagged()]).when(completed({ cryptoReference: '0xdone', confirms }))).status).toBe('completed');
    expect(refusalOf(given([...asked, completionDeclined()]).when(completed({ cryptoReference: '0xdone', confirms }))).message).toMatch(/no longer pending/);
    expect(refusalOf(given([placed(), proof()]).when(completionDeclined())).message).toMatch(/no longer pending/);
  });

  it('ends a request when the USDT goes out with a transaction of its own', () => {
    const asked = [placed(), proof(), verified(), request];
    expect(viewOf(given(asked).when(cryptoSent('0xother', at(35)))).completionRequest).toBeNull();
  });

  it('expires an unpaid order with a request or an approval at its window, ending both', () => {
    const approvedThenAskedAgain = [placed(), request, payoutApproved(), completionRequested({ requestId: 'request-2' })];
    const expiredOrder = viewOf(given(approvedThenAskedAgain).when(expired(at(61))));
    expect(expiredOrder).toMatchObject({ status: 'expired', completionRequest: null, payoutApproval: null });
  });

  it('ends a request and an approval at the proof that makes the order paid late, on a pending or an expired order', () => {
    const approvedThenAskedAgain = [placed(), request, payoutApproved(), completionRequested({ requestId: 'request-2' })];
    const paidLateWhilePending = viewOf(given(approvedThenAskedAgain).when(proof({ submittedAt: at(62), afterPaymentWindow: true })));
    expect(paidLateWhilePending).toMatchObject({ status: 'pending', latePayment: true, completionRequest: null, payoutApproval: null });
    // In time, the proof is evidence for the request, and the approval stands.
    const paidInTime = viewOf(given(approvedThenAskedAgain).when(proof({ submittedAt: at(50) })));
    expect(paidInTime.payoutApproval?.requestId).toBe('request-1');
    expect(paidInTime.completionRequest?.evidenceSince).toHaveLength(1);
  });

  it('keeps the time of the first proof after the window as when the order was paid late, through later proofs', () => {
    expect(viewOf(given([placed()]).when(proof({ submittedAt: at(50) }))).latePaidAt).toBeNull();
    const revived = [placed(), expired(), proof({ submittedAt: at(70), afterPaymentWindow: true })];
    expect(viewOf(given(revived.slice(0, 2)).when(revived[2]!)).latePaidAt).toBe(at(70));
    expect(viewOf(given(revived).when(proof({ reference: 'UTR-2', submittedAt: at(75), afterPaymentWindow: true }))).latePaidAt).toBe(at(70));
  });

  it('keeps an approval given after the late payment through a further proof (evidence, not a new decision)', () => {
    const late = [placed(), expired(), proof({ submittedAt: at(70), afterPaymentWindow: true }), request, payoutApproved()];
    const afterAnother = viewOf(given(late).when(proof({ reference: 'UTR-2', submittedAt: at(75), afterPaymentWindow: true })));
    expect(afterAnother.payoutApproval?.requestId).toBe('request-1');
  });

  it('takes a request for a late payment only, once an order expired', () => {
    expect(refusalOf(given([placed(), expired()]).when(request)).currentStatus).toBe('expired');
    const late = [placed(), expired(), proof({ submittedAt: at(70), afterPaymentWindow: true })];
    expect(viewOf(given(late).when(request)).completionRequest?.requestId).toBe('request-1');
  });
});
