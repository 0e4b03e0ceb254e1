// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Loaded } from './loaded';
import { ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format-date-time';

afterEach(cleanup);

const show = (query: { isPending: boolean; isError: boolean; data: string[] | undefined; error?: unknown; dataUpdatedAt?: number }, failedCard?: boolean) =>
  render(
    <Loaded query={query} loading="Loading fruit..." failed="Failed to load fruit" failedCard={failedCard}>
      {(fruit) => <p>{fruit.join(', ')}</p>}
    </Loaded>,
  );

describe('loaded', () => {
  it('says its loading text until the first answer', () => {
    show({ isPending: true, isError: false, data: undefined });
    expect(screen.getByText('Loading fruit...').className).toBe('muted');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the failure, as a card of its own when asked', () => {
    show({ isPending: false, isError: true, data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('Failed to load fruit');
    expect(screen.getByRole('alert').className).toBe('error');
    cleanup();
    show({ isPending: false, isError: true, data: undefined }, true);
    expect(screen.getByRole('alert').className).toBe('error card');
  });

  it('keeps what was shown when a refresh the server did not answer, saying since when', () => {
    const at = Date.parse('2025-01-15T10:00:00Z');
    show({ isPending: false, isError: true, data: ['Apple'], error: new ApiError(503, { error: 'unavailable' }), dataUpdatedAt: at });
    expect(screen.getByText('Apple')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`This could not be refreshed: it shows what was loaded at ${formatDateTime('2025-01-15T10:00:00Z')}.`);
    cleanup();
    // Too many requests (the rate limit, a proxy): come back later, not gone (review 20).
    show({ isPending: false, isError: true, data: ['Apple'], error: new ApiError(429, { error: 'too_many_requests' }) });
    expect(screen.getByText('Apple')).toBeTruthy();
    cleanup();
    // No answer at all (the connection lost): the same.
    show({ isPending: false, isError: true, data: ['Apple'], error: new ApiError(0, {}) });
    expect(screen.getByText('Apple')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This could not be refreshed: it shows what was loaded before.');
  });

  it('shows the failure, not what was shown, when the refresh is refused (no longer yours, or gone)', () => {
    for (const status of [403, 404]) {
      show({ isPending: false, isError: true, data: ['Apple'], error: new ApiError(status, { error: 'refused' }) });
      expect(screen.getByRole('alert').textContent).toBe('Failed to load fruit');
      expect(screen.queryByText('Apple')).toBeNull();
      cleanup();
    }
  });

  it('shows what the data gives once it has come', () => {
    show({ isPending: false, isError: false, data: ['Apple', 'Banana'] });
    expect(screen.getByText('Apple, Banana')).toBeTruthy();
  });
});
