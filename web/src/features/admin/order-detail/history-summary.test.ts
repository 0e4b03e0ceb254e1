import { describe, expect, it } from 'vitest';
import { summarizeEvent } from './history-summary';

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
