/**
 * Event builders for the order tests: realistic defaults, one fresh order id per placement,
 * times as fixed instants so every test is deterministic.
 */
import type { OrderEvent, OrderPlaced, OrderStatus } from './order.events';
import type { DeskRules } from './four-eyes';
import type { OrderCommand } from './order.decide';
import { evolveOrder, explainRefusal, foldOrder, orderView, type OrderRefusal, type OrderView } from './order-state';

const START = Date.parse('2025-01-15T10:00:00.000Z');
/** An instant `minutes` after the order was placed. */
export const at = (minutes: number): string => new Date(START + minutes * 60_000).toISOString();

let sequence = 0;

export function placed(overrides: Partial<OrderPlaced['data']> = {}): OrderPlaced {
  sequence += 1;
  const id = String(sequence).padStart(6, '0');
  return {
    type: 'OrderPlaced',
    data: {
      orderId: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
      refCode: `ORD-T${id}`,
      userId: `user-${id}`,
      userPhone: '+919800000001',
      username: 'asha',
      tenantId: 'tenant-1',
      orderType: 'fiat_to_crypto',
      method: 'bank',
      network: 'TRC20',
      rate: '88.5',
      rateSource: { settingsRevision: '7', rateKey: 'usdt_bank_buy' },
      feePercent: '0.5',
      fiatAmount: '1000',
      cryptoAmount: '11.23',
      feeAmount: '0.06',
      withdrawAddress: 'TXyz1234567890abcdefABCDEF12345678',
      depositAddress: null,
      payoutBankAccount: null,
      placedAt: at(0),
      rateLockedUntil: at(5),
      paymentDueAt: at(60),
      ...overrides,
    },
  };
}

export function placedSell(overrides: Partial<OrderPlaced['data']> = {}): OrderPlaced {
  return placed({
    orderType: 'crypto_to_fiat',
    rate: '86',
    rateSource: { settingsRevision: '7', rateKey: 'usdt_bank_sell' },
    cryptoAmount: '100.00',
    fiatAmount: '8557',
    feeAmount: '43',
    withdrawAddress: null,
    depositAddress: 'TOperatorWallet000000000000000000',
    payoutBankAccount: { bankName: 'HDFC', accountName: 'Asha', accountNumber: '0011223344', ifsc: 'HDFC0000123' },
    ...overrides,
  });
}

export const proof = (data: Partial<Extract<OrderEvent, { type: 'ProofSubmitted' }>['data']> = {}): OrderEvent => ({
  type: 'ProofSubmitted',
  data: { attachment: null, reference: 'UTR123456789', submittedAt: at(3), afterRateLock: false, ...data },
});
export const attachment = (fileId = 'file-1') => ({ fileId, name: `${fileId}.png`, contentType: 'image/png', size: 2048 });
export const cancelled = (time = at(4)): OrderEvent => ({ type: 'OrderCancelled', data: { cancelledAt: time } });
export const expired = (time = at(60)): OrderEvent => ({ type: 'OrderExpired', data: { expiredAt: time } });
export const verified = (time = at(10)): OrderEvent => ({ type: 'OrderVerified', data: { verifiedAt: time } });
export const cryptoSent = (cryptoReference = '0xsent', time = at(20)): OrderEvent => ({
  type: 'CryptoSent',
  data: { cryptoReference, sentAt: time },
});
export const completed = (data: Partial<Extract<OrderEvent, { type: 'OrderCompleted' }>['data']> = {}): OrderEvent => ({
  type: 'OrderCompleted',
  data: { completedAt: at(30), bankUtr: null, cryptoReference: null, repriced: null, ...data },
});
export const rejected = (reason: string | null = 'Payment not found', time = at(30)): OrderEvent => ({
  type: 'OrderRejected',
  data: { rejectedAt: time, reason },
});

export const flagged = (data: Partial<Extract<OrderEvent, { type: 'OrderFlagged' }>['data']> = {}): OrderEvent => ({
  type: 'OrderFlagged',
  data: {
    kind: 'duplicate_reference',
    evidence: 'utr:UTR123456789',
    relatedOrderId: 'other-order',
    relatedRefCode: 'ORD-OTHER00001',
    flaggedAt: at(40),
    ...data,
  },
});

export const paymentMatched = (data: Partial<Extract<OrderEvent, { type: 'PaymentMatched' }>['data']> = {}): OrderEvent => ({
  type: 'PaymentMatched',
  data: {
    accountId: '00000000-0000-8000-8000-000000000001',
    accountTenantId: 'tenant-a',
    accountLabel: 'HDFC Bank ••••4321',
    lineKey: 'a'.repeat(64),
    statementId: '00000000-0000-4000-8000-000000000002',
    bookedOn: '2026-11-27',
    direction: 'credit',
    amount: '1000.00',
    reference: '412345678901',
    payerName: 'RAVI KUMAR',
    narration: 'UPI/412345678901/RAVI KUMAR/ravi@okaxis',
    via: 'reference',
    flags: [],
    note: null,
    matchedBy: null,
    matchedAt: at(45),
    ...data,
  },
});

export const chainChecked = (data: Partial<Extract<OrderEvent, { type: 'ChainTransferChecked' }>['data']> = {}): OrderEvent => ({
  type: 'ChainTransferChecked',
  data: {
    network: 'TRC20',
    txHash: `0x${'ab'.repeat(32)}`,
    paidBy: 'customer',
    check: { state: 'confirmed', amount: '100.00', confirmations: 20, required: 20, blockNumber: 1000, minedAt: at(44) },
    checkedAt: at(46),
    ...data,
  },
});

export const completionRequested = (data: Partial<Extract<OrderEvent, { type: 'CompletionRequested' }>['data']> = {}): OrderEvent => ({
  type: 'CompletionRequested',
  data: {
    requestId: 'request-1',
    mode: 'complete',
    bankUtr: 'UTRPAYOUT1',
    cryptoReference: '0xdone',
    repriced: null,
    requestedBy: 'admin-a',
    requestedAt: at(30),
    thresholdInr: '500',
    ...data,
  },
});
export const completionDeclined = (data: Partial<Extract<OrderEvent, { type: 'CompletionRequestDeclined' }>['data']> = {}): OrderEvent => ({
  type: 'CompletionRequestDeclined',
  data: { requestId: 'request-1', declinedBy: 'admin-b', declinedAt: at(31), note: null, ...data },
});

/** The brand's rules in force as the fixtures' orders were placed under them (bank buy 88.5, bank sell 86); four eyes off unless given. */
export const desk = (controls: Partial<DeskRules['controls']> = {}, rates: DeskRules['rates'] = {}): DeskRules => ({
  controls: { fourEyesAboveInr: '0', requoteBandPercent: '2', chainPayoutMismatch: 'refuse', ...controls },
  rates: { usdtInr: '85', usdt_bank_buy: '88.5', usdt_bank_sell: '86', usdt_cash_buy: '0', usdt_cash_sell: '0', ...rates },
});

/** A second admin (admin-b) confirming the waiting request of admin-a, as the four-eyes rule asks. */
export const confirmCompletion = (overrides: Partial<Extract<OrderCommand, { type: 'ConfirmCompletion' }>> = {}): OrderCommand => ({
  type: 'ConfirmCompletion',
  requestId: 'request-1',
  by: 'admin-b',
  byPhone: '+919000000002',
  requesterPhone: '+919000000001',
  accountMadeBy: null,
  at: at(35),
  ...overrides,
});

export const payoutApproved = (data: Partial<Extract<OrderEvent, { type: 'PayoutApproved' }>['data']> = {}): OrderEvent => ({
  type: 'PayoutApproved',
  data: {
    requestId: 'request-1',
    mode: 'complete',
    repriced: null,
    requestedBy: 'admin-a',
    requestedAt: at(30),
    approvedBy: 'admin-b',
    approvedAt: at(35),
    reasons: ['above_threshold'],
    ...data,
  },
});

export type MachineState = 'none' | OrderStatus;

/** A stream that leaves a buy (or sell) order in each state; null where the side never gets there. */
export function historyFor(state: MachineState, side: 'buy' | 'sell'): OrderEvent[] | null {
  const place = side === 'buy' ? placed() : placedSell();
  const completion = side === 'buy' ? completed({ cryptoReference: '0xdone' }) : completed({ bankUtr: 'UTRPAYOUT1' });
  const histories: Record<MachineState, OrderEvent[] | null> = {
    none: [],
    pending: [place],
    fiat_received: side === 'buy' ? [place, proof(), verified()] : null,
    approved: side === 'sell' ? [place, proof(), verified()] : null,
    crypto_sent: side === 'buy' ? [place, proof(), verified(), cryptoSent()] : null,
    completed: [place, proof(), completion],
    rejected: [place, rejected()],
    cancelled: [place, cancelled()],
    expired: [place, expired(at(61))],
  };
  return histories[state];
}

export type Outcome = { accepted: true; view: OrderView } | { accepted: false; refusal: OrderRefusal };

/** Given/When over events: fold the history, then offer one more event to the machine. */
export function given(events: readonly OrderEvent[]) {
  const snapshot = foldOrder(events);
  return {
    when(event: OrderEvent): Outcome {
      if (!snapshot.can(event)) return { accepted: false, refusal: explainRefusal(snapshot, event) };
      const view = orderView(evolveOrder(snapshot, event));
      if (view === null) throw new Error('an accepted event left the order unplaced');
      return { accepted: true, view };
    },
  };
}

export function viewOf(outcome: Outcome): OrderView {
  if (!outcome.accepted) throw new Error(`expected acceptance, got refusal: ${outcome.refusal.message}`);
  return outcome.view;
}

export function refusalOf(outcome: Outcome): OrderRefusal {
  if (outcome.accepted) throw new Error(`expected a refusal, the order became ${outcome.view.status}`);
  return outcome.refusal;
}
