import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { at, completionDeclined, confirmCompletion, completionRequested, desk, flagged, placed, placedSell, proof, verified } from './order.fixtures';
import { decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';
import { actionsBesideRequest, REQUEST_PENDING } from './pending-request';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });

/** A paid buy whose payout admin-a asked a second admin to approve (no reference: the money has not left). */
const asked = () => [placed(), proof(), verified(), completionRequested({ cryptoReference: null, bankUtr: null, reasons: ['above_threshold'] })];
const big = desk({ fourEyesAboveInr: '500' });
const HELD = { kind: 'conflict', code: 'completion_request_pending', message: REQUEST_PENDING };

const reject: OrderCommand = { type: 'RejectOrder', reasonCode: 'suspected_fraud', reason: 'changed my mind', at: at(40) };
const sent = (by: string): OrderCommand => ({
  type: 'MarkCryptoSent',
  cryptoReference: '0xsent',
  desk: big,
  by,
  byPhone: `+91900000000${by.slice(-1)}`,
  accountMadeBy: null,
  at: at(40),
});
const complete = (by: string, extra: Partial<Extract<OrderCommand, { type: 'CompleteOrder' }>> = {}): OrderCommand => ({
  type: 'CompleteOrder',
  mode: 'approve',
  by,
  byPhone: `+91900000000${by.slice(-1)}`,
  accountMadeBy: null,
  requestId: 'request-2',
  desk: big,
  at: at(40),
  ...extra,
});

describe('a completion request waiting for a second admin holds the order', () => {
  it("given the requester's own request waits, when they reject the order, then it is refused: they withdraw first", () => {
    spec(asked()).when(reject).thenRefuses(HELD);
  });

  it('given the requester withdrew their request, when they reject the order, then it is rejected', () => {
    spec([...asked(), completionDeclined({ declinedBy: 'admin-a' })])
      .when(reject)
      .thenRecords([{ type: 'OrderRejected', data: { rejectedAt: at(40), reason: 'changed my mind', reasonCode: 'suspected_fraud' } }]);
  });

  it('given a request waits, when another admin rejects, records a payout or asks again, then each is refused: they decline first', () => {
    spec(asked()).when(reject).thenRefuses(HELD);
    spec(asked()).when(sent('admin-b')).thenRefuses(HELD);
    spec(asked()).when(complete('admin-b')).thenRefuses(HELD);
    spec(asked())
      .when(complete('admin-b', { cryptoReference: '0xsent', desk: desk() }))
      .thenRefuses(HELD);
  });

  it('given a request waits, when the requester asks again at another rate, then it is refused: one request at a time', () => {
    spec(asked())
      .when(complete('admin-a', { rate: '70' }))
      .thenRefuses(HELD);
  });

  it("given a sell's request waits, when anyone completes it with a payout UTR, then it is refused", () => {
    const sell = [placedSell(), proof(), verified(), completionRequested({ bankUtr: null, cryptoReference: null })];
    spec(sell)
      .when(complete('admin-b', { mode: 'complete', bankUtr: 'UTR-PAID', desk: desk() }))
      .thenRefuses(HELD);
  });

  it('given a request waits, when evidence arrives (a verification, a flag), then it is recorded and the request stands', () => {
    const paid = [placed(), proof(), completionRequested({ cryptoReference: null, bankUtr: null })];
    spec(paid)
      .when({ type: 'VerifyOrder', at: at(33) })
      .thenRecords([{ type: 'OrderVerified', data: { verifiedAt: at(33) } }]);
    spec(paid)
      .when({ type: 'FlagOrder', kind: 'duplicate_proof', evidence: 'sha256:abc', relatedOrderId: null, relatedRefCode: null, at: at(34) })
      .thenRecords([expect.objectContaining({ type: 'OrderFlagged' }) as never]);
  });

  it('given a request waits, then the one it waits for answers it: a different admin confirms, or declines', () => {
    spec(asked())
      .when(confirmCompletion())
      .thenRecords([expect.objectContaining({ type: 'PayoutApproved' }) as never]);
    spec(asked())
      .when({ type: 'DeclineCompletion', requestId: 'request-1', by: 'admin-b', note: 'UTR not on the statement', at: at(35) })
      .thenRecords([expect.objectContaining({ type: 'CompletionRequestDeclined' }) as never]);
  });

  it('given nothing waits (the request declined, or a flag raised since), then the admin acts as usual', () => {
    spec([...asked(), completionDeclined()])
      .when(complete('admin-a'))
      .thenRecords([expect.objectContaining({ type: 'CompletionRequested', data: expect.objectContaining({ requestId: 'request-2' }) }) as never]);
    spec([placed(), proof(), flagged()])
      .when(reject)
      .thenRecords([expect.objectContaining({ type: 'OrderRejected' }) as never]);
  });
});

describe('the actions an admin is offered beside a pending request', () => {
  it('keeps Verify and holds Mark Crypto Sent, Approve and Reject while a request waits', () => {
    const all = ['verify', 'markCryptoSent', 'complete', 'reject'] as const;
    expect(actionsBesideRequest(all, true)).toEqual(['verify']);
    expect(actionsBesideRequest(all, false)).toEqual([...all]);
  });
});
