// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountInput, groupAmountText } from './amount-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="amount">Amount (INR)</label>
      <AmountInput id="amount" value={value} onValueChange={setValue} />
    </>
  );
}

afterEach(cleanup);

function renderAmount() {
  render(<Harness />);
  return screen.getByLabelText<HTMLInputElement>('Amount (INR)');
}

describe('amount input', () => {
  // What the customer types, in two goes, and what the field shows after each.
  it.each([
    { what: 'shows Indian grouping while the customer types', first: ['100000', '1,00,000'], then: ['00', '1,00,00,000'] },
    { what: 'regroups after a digit is deleted', first: ['1000000', '10,00,000'], then: ['{backspace}{backspace}', '10,000'] },
  ])('$what', async ({ first, then }) => {
    const input = renderAmount();
    for (const [typed, shown] of [first, then]) {
      await userEvent.type(input, typed!);
      expect(input.value).toBe(shown);
    }
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    const input = renderAmount();
    await userEvent.type(input, '10000');
    // "1|0,000" + "5" regroups to "1,5|0,000": the caret stays after the 5, not at the end.
    await userEvent.type(input, '5', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input.value).toBe('1,50,000');
    expect(input.selectionStart).toBe(3);
  });

  it('groups the whole part only and leaves text that is not a number as typed', () => {
    expect(groupAmountText('1234567.5')).toBe('12,34,567.5');
    expect(groupAmountText('999')).toBe('999');
    expect(groupAmountText('12a4')).toBe('12a4');
    expect(groupAmountText('')).toBe('');
  });
});
