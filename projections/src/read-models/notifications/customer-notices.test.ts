import { describe, expect, it } from 'vitest';
import type { OrderView } from '@desk/machines/order/order-state';
import { noticeFor } from './customer-notices';

const order = (over: Partial<OrderView>): OrderView =>
  ({
    refCode: 'ORD-1',
    orderType: 'fiat_to_crypto',
    fiatAmount: '10000',
    cryptoAmount: '110.50',
    network: 'TRC20',
    cryptoReference: null,
    bankUtr: null,
    reasonCode: null,
    ...over,
  }) as OrderView;

describe('what a customer is told about an order', () => {
  it('tells of a payment seen, a completion with the transaction or UTR, a rejection with its sentence, an expiry', () => {
    expect(noticeFor('OrderVerified', order({}))?.kind).toBe('payment_verified');
    expect(noticeFor('OrderCompleted', order({ cryptoReference: '0xabc' }))).toMatchObject({
      kind: 'buy_completed',
      facts: { txHash: '0xabc', orderType: 'buy' },
    });
    expect(noticeFor('OrderCompleted', order({ orderType: 'crypto_to_fiat', bankUtr: 'UTR1' }))).toMatchObject({
      kind: 'sell_completed',
      facts: { utr: 'UTR1', orderType: 'sell' },
    });
    expect(noticeFor('OrderRejected', order({ reasonCode: 'suspected_fraud' }))?.facts.reason).toBe(
      'This order could not be accepted. Please contact support.',
    );
    expect(noticeFor('OrderRejected', order({}))?.facts.reason).toBe('This order could not be completed. Please contact support for details.');
    expect(noticeFor('OrderExpired', order({}))?.kind).toBe('expired');
  });

  it('tells nothing of what is not news to the customer', () => {
    for (const type of ['OrderPlaced', 'ProofSubmitted', 'OrderFlagged', 'CompletionRequested', 'PaymentMatched', 'ChainTransferChecked', 'OrderCancelled']) {
      expect(noticeFor(type, order({}))).toBeNull();
    }
  });
});
