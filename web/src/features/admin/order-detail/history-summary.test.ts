import { describe, expect, it } from 'vitest';
import { requestersOf, summarizeEvent } from './history-summary';

describe("the order history's four-eyes lines", () => {
  it('says a completion waits for a second admin, with its terms, and who settled it', () => {
    const requested = summarizeEvent({
      type: 'CompletionRequested',
      data: { thresholdInr: '200000', bankUtr: null, cryptoReference: '0xabc', repriced: { rate: '91' }, requestId: 'r', requestedBy: 'a' },
    });
    expect(requested).toEqual({ title: 'Completion requested: waiting for a second admin', detail: 'above ₹2,00,000 · Transaction 0xabc · at ₹91 per USDT' });
    expect(summarizeEvent({ type: 'CompletionRequestDeclined', data: { note: 'UTR not on the statement' } })).toEqual({
      title: 'Completion request declined',
      detail: 'UTR not on the statement',
    });
    const confirmed = summarizeEvent({ type: 'OrderCompleted', data: { cryptoReference: '0xabc', confirms: { requestId: 'r' } } });
    expect(confirmed.title).toBe('Order completed (a second admin confirmed the request)');
    expect(summarizeEvent({ type: 'OrderFlagged', data: { relatedRefCode: 'ORD-2', evidence: 'utr:UTR1' } }).detail).toBe('ORD-2 · utr');
  });
});

describe('a request withdrawn by the admin who asked', () => {
  const asked = (requestId: string, requestedBy: string | null) => ({ type: 'CompletionRequested', data: { requestId, requestedBy } });
  const declined = (requestId: string, declinedBy: string | null) => ({ type: 'CompletionRequestDeclined', data: { requestId, declinedBy, note: null } });

  it('reads as withdrawn when the requester declined it, and as declined when another admin did', () => {
    const history = [asked('r1', 'admin-a'), declined('r1', 'admin-a'), asked('r2', 'admin-a'), declined('r2', 'admin-b')];
    const requesters = requestersOf(history);
    expect(summarizeEvent(history[1]!, requesters).title).toBe('Completion request withdrawn by the admin who asked');
    expect(summarizeEvent(history[3]!, requesters).title).toBe('Completion request declined');
  });

  it("never guesses a withdrawal from ids the reader may not see (the operator's staff, to a brand's admin)", () => {
    const history = [asked('r1', null), declined('r1', null)];
    expect(summarizeEvent(history[1]!, requestersOf(history)).title).toBe('Completion request declined');
  });
});

describe("the order history's approval before the payout", () => {
  it('says the payout was asked for and approved before it was sent, and a late payment over a limit', () => {
    const asked = summarizeEvent({
      type: 'CompletionRequested',
      data: { thresholdInr: '200000', valueInr: '8805750', bankUtr: null, cryptoReference: null, repriced: { rate: '0.01' }, requestId: 'r', requestedBy: 'a' },
    });
    expect(asked).toEqual({ title: 'Payout approval requested: waiting for a second admin', detail: 'worth ₹88,05,750 · at ₹0.01 per USDT' });
    expect(summarizeEvent({ type: 'PayoutApproved', data: { requestId: 'r', repriced: null } })).toEqual({
      title: 'Payout approved by a second admin',
      detail: '',
    });
    expect(summarizeEvent({ type: 'OrderCompleted', data: { cryptoReference: '0xabc', approved: { requestId: 'r' } } }).title).toBe(
      'Order completed (its payout approved by a second admin)',
    );
    expect(summarizeEvent({ type: 'OrderFlagged', data: { kind: 'over_customer_limit', limit: { window: 'daily' } } })).toEqual({
      title: 'Flagged: a late payment took the customer over a limit',
      detail: 'daily limit',
    });
  });
});

describe('the money checks in the history', () => {
  it('reads a bank line matched to the order, with what to look at', () => {
    const summary = summarizeEvent({
      type: 'PaymentMatched',
      data: {
        direction: 'credit',
        accountLabel: 'HDFC Bank ••••5678',
        bookedOn: '2026-11-20',
        amount: '10000.00',
        reference: '412345678901',
        payerName: 'Anil Sharma',
        via: 'reference',
        flags: ['third_party_payer'],
      },
    });
    expect(summary.title).toBe('Payment found on the bank statement');
    expect(summary.detail).toBe(
      'HDFC Bank ••••5678 · 2026-11-20 · ₹10,000 · ref 412345678901 · from Anil Sharma · matched by its reference · to look at: paid by someone else',
    );
  });

  it('reads the chain, and the flags the checks raise', () => {
    const check = { state: 'confirming', confirmations: 2, required: 19 };
    expect(summarizeEvent({ type: 'ChainTransferChecked', data: { paidBy: 'desk', network: 'TRC20', txHash: '0xabc', check } })).toEqual({
      title: 'Payout read on the chain',
      detail: 'confirming · 2 of 19 confirmations · TRC20 · 0xabc',
    });
    expect(summarizeEvent({ type: 'OrderFlagged', data: { kind: 'payment_reversed', evidence: 'bank-line:a/k' } }).title).toBe(
      'Flagged: the bank reversed its payment',
    );
  });
});

describe('an event with nothing more particular to say', () => {
  it('is titled by its name in the one table of event names, never by its type', () => {
    expect(summarizeEvent({ type: 'SettingsChanged', data: {} }).title).toBe('Global Settings changed');
    expect(summarizeEvent({ type: 'SomethingNew', data: {} }).title).not.toBe('SomethingNew');
  });
});
