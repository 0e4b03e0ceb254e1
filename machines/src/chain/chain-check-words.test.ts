import { describe, expect, it } from 'vitest';
import { CHAIN_CHECK_STATES, isMismatch, isRightTransfer, type ChainCheck } from './chain-check';
import { chainCheckWords } from './chain-check-words';

const EXAMPLES: ChainCheck[] = [
  { state: 'not_found' },
  { state: 'pending' },
  { state: 'reverted', blockNumber: 1000 },
  { state: 'wrong_token', tokens: ['0x00000000000000000000000000000000000F4E11'], movedNativeCoin: false },
  { state: 'wrong_address', expectedTo: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', transfers: [{ to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', amount: '100.50' }] },
  { state: 'wrong_amount', to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', expectedAmount: '100.50', paidAmount: '100.49', transferCount: 2 },
  { state: 'before_order', minedAt: '2026-11-27T09:00:00.000Z', notBefore: '2026-11-27T10:00:00.000Z', amount: '100.50' },
  { state: 'confirming', amount: '100.50', confirmations: 3, required: 19, blockNumber: 1000, minedAt: '2026-11-27T10:01:00.000Z' },
  { state: 'confirmed', amount: '100.50', confirmations: 1, required: 1, blockNumber: 1000, minedAt: '2026-11-27T10:01:00.000Z' },
  { state: 'not_configured' },
  { state: 'unavailable', reason: 'timeout' },
  { state: 'invalid_input', problem: 'not_a_transaction_hash' },
];

describe('a chain check in the admin words', () => {
  it('has an example here for every state', () => {
    expect(EXAMPLES.map((check) => check.state)).toEqual([...CHAIN_CHECK_STATES]);
  });

  it.each(EXAMPLES.map((check) => [check.state, check] as const))('%s is said in words, with its facts', (_state, check) => {
    const words = chainCheckWords(check, 'TRC20');
    expect(words).not.toMatch(/undefined|\[object|_/);
    // Codes are put in words; times (the admin's time zone) and block numbers are left to the screen.
    const facts = Object.entries(check).filter(([key]) => !['state', 'reason', 'problem', 'minedAt', 'notBefore', 'blockNumber'].includes(key));
    for (const fact of facts.flatMap(([, value]) => [value].flat())) {
      if (typeof fact === 'string') expect(words).toContain(fact);
      else if (typeof fact === 'object' && fact !== null) for (const part of Object.values(fact)) expect(words).toContain(String(part));
      else if (typeof fact === 'number') expect(words).toContain(String(fact));
    }
  });

  it('names the coin actually sent and the confirmations still missing', () => {
    expect(chainCheckWords({ state: 'wrong_token', tokens: [], movedNativeCoin: true }, 'BEP20')).toBe(
      'This transaction moved no USDT. It sent BNB, not USDT.',
    );
    expect(chainCheckWords(EXAMPLES[7]!, 'TRC20')).toBe('100.50 USDT to the right address, 3 of 19 confirmations so far.');
    expect(chainCheckWords({ state: 'unavailable', reason: 'timeout' }, 'ERC20')).toBe(
      'The ERC20 node did not answer in time: the transaction could not be checked. Try again later.',
    );
  });

  it('tells the right transfer from a mismatch that waiting will not mend', () => {
    const right = EXAMPLES.filter(isRightTransfer).map((check) => check.state);
    const mismatches = EXAMPLES.filter(isMismatch).map((check) => check.state);
    expect(right).toEqual(['confirming', 'confirmed']);
    expect(mismatches).toEqual(['reverted', 'wrong_token', 'wrong_address', 'wrong_amount', 'before_order']);
  });
});
