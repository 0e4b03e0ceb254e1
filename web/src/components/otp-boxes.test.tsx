// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpBoxes } from './otp-boxes';

afterEach(cleanup);

/** The boxes with a parent that keeps the value, shown in an output for the assertions. */
function Harness({ initial = '', disabled = false }: { initial?: string; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpBoxes value={value} onChange={setValue} disabled={disabled} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`);
const value = () => screen.getByTestId('value').textContent;

/** Renders the boxes (holding `initial`) and clicks box `n`, as the customer starts there. */
async function startIn(n: number, initial = '') {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  await user.click(box(n));
  return user;
}

describe('OTP boxes', () => {
  it('has six labelled single-digit boxes in a labelled group', () => {
    render(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeTruthy();
    expect(box(6).getAttribute('inputmode')).toBe('numeric');
  });

  it('advances to the next box as digits are typed', async () => {
    const user = await startIn(1);
    await user.keyboard('1');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('23');
    expect(value()).toBe('123');
    expect((box(3) as HTMLInputElement).value).toBe('3');
    expect(document.activeElement).toBe(box(4));
  });

  it('goes back and clears the previous digit on Backspace in an empty box', async () => {
    const user = await startIn(1);
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('clears a filled box on Backspace without moving', async () => {
    const user = await startIn(4, '4567');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('456');
    expect(document.activeElement).toBe(box(4));
  });

  it('fills the boxes from the focused one when digits are pasted, ignoring other characters', async () => {
    const user = await startIn(1);
    await user.keyboard('9');
    await user.paste('12-34 5x6789');
    expect(value()).toBe('912345');
    expect(document.activeElement).toBe(box(6));
  });

  it('fills all six from the first box when a whole code is pasted', async () => {
    const user = await startIn(1);
    await user.paste('Your code: 482913');
    expect(value()).toBe('482913');
  });

  it('ignores letters and symbols', async () => {
    const user = await startIn(1);
    await user.keyboard('a1b-2 ');
    expect(value()).toBe('12');
    expect((box(3) as HTMLInputElement).value).toBe('');
  });

  it('sends a click past the first empty box to that box, so the code has no gaps', async () => {
    const user = await startIn(6, '12');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('7');
    expect(value()).toBe('127');
  });

  it('takes nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(value()).toBe('');
    expect((box(1) as HTMLInputElement).disabled).toBe(true);
  });
});
