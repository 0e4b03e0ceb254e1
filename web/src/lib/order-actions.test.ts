// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { customerActions, type OrderForActions } from './order-actions';

const order = (overrides: Partial<OrderForActions> = {}): OrderForActions => ({
  _id: '00000000-0000-4000-8000-000000000001',
  refCode: 'ORD-A1',
  type: 'fiat_to_crypto',
  status: 'pending',
  proofCount: 0,
  attachments: [],
  paymentDueAt: '2025-01-15T11:00:00.000Z',
  ...overrides,
});

describe('customer actions from the order machine', () => {
  it('offers proof and cancel on a pending order without proof', () => {
    expect(customerActions(order())).toEqual(['submitProof', 'cancel']);
    expect(customerActions(order({ type: 'crypto_to_fiat' }))).toEqual(['submitProof', 'cancel']);
  });

  it('offers only more proof once proof was submitted', () => {
    const attachment = { url: '/api/files/f1?sig=x', name: 'utr.png', contentType: 'image/png', size: 2048 };
    expect(customerActions(order({ proofCount: 1, attachments: [attachment], bankReference: 'UTR1' }))).toEqual(['submitProof']);
  });

  it('offers nothing once the order left pending, but proof for an expired one (a late payment)', () => {
    for (const status of ['completed', 'rejected', 'cancelled', 'fiat_received', 'approved', 'crypto_sent']) {
      expect(customerActions(order({ status }))).toEqual([]);
    }
    expect(customerActions(order({ status: 'expired' }))).toEqual(['submitProof']);
  });

  it('offers nothing for a status the machine does not know', () => {
    expect(customerActions(order({ status: 'crypto-sent' }))).toEqual([]);
    expect(customerActions(order({ status: 'on_hold' }))).toEqual([]);
  });
});
