import { describe, expect, it } from 'vitest';
import { adminActions } from './admin-order-actions';

const paidBuy = {
  _id: 'o-1',
  refCode: 'ORD-1',
  type: 'fiat_to_crypto' as const,
  status: 'fiat_received',
  proofCount: 1,
  bankReference: 'UTR1',
  cryptoReference: null,
  bankUtr: null,
};

describe('adminActions', () => {
  it("offers a paid buy's settling actions", () => {
    expect(adminActions(paidBuy)).toEqual(['markCryptoSent', 'complete', 'reject']);
  });

  it('holds them while a completion waits for a second admin, wherever the order is shown (the list, its panel, its page)', () => {
    expect(adminActions({ ...paidBuy, completionRequest: { requestId: 'r-1' } })).toEqual([]);
    expect(adminActions({ ...paidBuy, status: 'pending', completionRequest: { requestId: 'r-1' } })).toEqual(['verify']);
    expect(adminActions({ ...paidBuy, completionRequest: null })).toEqual(['markCryptoSent', 'complete', 'reject']);
  });
});
