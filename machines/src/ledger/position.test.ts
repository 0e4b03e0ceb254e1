import { describe, expect, it } from 'vitest';
import { comparePosition, moneyWords } from './position';

const books = { opening: '100000', in: '8500', out: '8217' };

describe("an account's daily position", () => {
  it('agrees when the books close where the source says', () => {
    expect(comparePosition('INR', books, { kind: 'balance', amount: '100283.00', asOf: '2026-11-20', from: 'statement_line' })).toEqual({
      closing: '100283',
      difference: '0',
      status: 'agrees',
      words: 'Agrees with the statement',
    });
  });

  it('shows a difference in words, which way round, never hidden', () => {
    const more = comparePosition('INR', books, { kind: 'balance', amount: '99283.00', asOf: '2026-11-20', from: 'statement_closing' });
    expect(more).toMatchObject({ difference: '1000', status: 'differs', words: 'Differs: the books show ₹1,000 more than the statement' });
    const less = comparePosition('USDT', { opening: '0', in: '1', out: '0' }, { kind: 'balance', amount: '1.000001', asOf: '2026-11-20', from: 'chain' });
    expect(less).toMatchObject({ difference: '-0.000001', status: 'differs', words: 'Differs: the books show 0.000001 USDT less than the chain' });
  });

  it('says why it was not checked when there is no source balance', () => {
    expect(comparePosition('USDT', books, { kind: 'none', reason: 'chain_not_configured' })).toMatchObject({
      closing: '100283',
      difference: null,
      status: 'not_checked',
      words: 'Not checked: no node is configured for this network',
    });
  });

  it('writes money as people read it', () => {
    expect(moneyWords('INR', '123456.5')).toBe('₹1,23,456.5');
    expect(moneyWords('USDT', '99')).toBe('99.00 USDT');
    expect(moneyWords('USDT', '0.123456')).toBe('0.123456 USDT');
  });
});
