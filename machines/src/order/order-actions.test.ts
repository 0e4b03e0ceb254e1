import { describe, expect, it } from 'vitest';
import { availableActions } from './order-actions';
import { historyFor, placed, proof, type MachineState } from './order.fixtures';
import { foldOrder } from './order-state';

const actionsIn = (state: MachineState, side: 'buy' | 'sell') => {
  const snapshot = foldOrder(historyFor(state, side) ?? []);
  return { customer: availableActions(snapshot, 'customer'), admin: availableActions(snapshot, 'admin') };
};

describe('availableActions', () => {
  it.each([
    ['none', 'buy', [], []],
    ['pending', 'buy', ['submitProof', 'cancel'], ['verify', 'complete', 'reject']],
    ['pending', 'sell', ['submitProof', 'cancel'], ['verify', 'complete', 'reject']],
    ['fiat_received', 'buy', [], ['markCryptoSent', 'complete', 'reject']],
    ['approved', 'sell', [], ['complete', 'reject']],
    ['crypto_sent', 'buy', [], ['complete']],
    ['completed', 'buy', [], []],
    ['completed', 'sell', [], []],
    ['rejected', 'buy', [], []],
    ['cancelled', 'sell', [], []],
    // A late payment's proof is still taken (the desk re-quotes or refunds it); the desk has nothing to do until one arrives.
    ['expired', 'buy', ['submitProof'], []],
  ] as const)('%s %s order: customer %j, admin %j', (state, side, customer, admin) => {
    expect(actionsIn(state, side)).toEqual({ customer, admin });
  });

  it('stops offering cancel once proof was submitted, but keeps more proof', () => {
    const snapshot = foldOrder([placed(), proof()]);
    expect(availableActions(snapshot, 'customer')).toEqual(['submitProof']);
  });
});
