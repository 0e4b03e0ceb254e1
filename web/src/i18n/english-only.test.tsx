// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { formatDateTime } from '../lib/format-date-time';
import { inEnglish } from './english-only';
import { setLanguage } from './i18n';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  localStorage.clear();
});

const Desk = () => <p>{formatDateTime('2025-01-15T10:00:00.000Z')}</p>;

describe('a desk (English only) shown to someone who chose Hindi', () => {
  it('has English dates and <html lang="en"> while shown, and the chosen language back when it goes', async () => {
    await setLanguage('hi');
    render(<Desk />);
    expect(screen.getByText(/जन॰/)).toBeTruthy();
    cleanup();

    const EnglishDesk = inEnglish(Desk);
    const { unmount } = render(<EnglishDesk />);
    expect(screen.getByText(/^15 Jan 2025/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    unmount();
    expect(document.documentElement.lang).toBe('hi');
    render(<Desk />);
    expect(screen.getByText(/जन॰/)).toBeTruthy();
  });
});
