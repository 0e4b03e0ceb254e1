// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from './toasts';
import { ShortValue, shorten } from './short-value';

afterEach(cleanup);

const HASH = '0x71c1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d663e';

describe('short value', () => {
  it('cuts a long value in the middle and keeps a short one (a UTR) whole', () => {
    expect(shorten(HASH)).toBe('0x71c1…663e');
    expect(shorten('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 8, 8)).toBe('TR7NHqje…SzgjLj6t');
    expect(shorten('UTR123456789')).toBe('UTR123456789');
    expect(shorten('0123456789abcdef')).toBe('0123456789abcdef');
  });

  it('shows the short form, gives the whole value as its tooltip and to screen readers, and copies the whole', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <ToastProvider>
        <ShortValue value={HASH} what="Transaction hash" />
      </ToastProvider>,
    );
    const shown = screen.getByText('0x71c1…663e');
    // The short form is for the eye only; the element holding the value carries the whole as its tooltip and text.
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    const holder = shown.closest('code')!;
    expect(holder.title).toBe(HASH);
    expect(holder.querySelector('.visually-hidden')!.textContent).toBe(HASH);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Transaction hash' }));
    expect(writeText).toHaveBeenCalledWith(HASH);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Transaction hash copied to clipboard'));
  });

  it('writes a value that fits as it is, with no hidden copy of it', () => {
    render(
      <ToastProvider>
        <ShortValue value="UTR123456789" what="UTR" copy={false} />
      </ToastProvider>,
    );
    expect(screen.getByText('UTR123456789').tagName).toBe('CODE');
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('.visually-hidden')).toBeNull();
  });
});
