// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Loaded } from './loaded';

afterEach(cleanup);

const show = (query: { isPending: boolean; isError: boolean; data: string[] | undefined }, failedCard?: boolean) =>
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

  it('keeps what was shown when a refresh fails, saying it is not current', () => {
    show({ isPending: false, isError: true, data: ['Apple'] });
    expect(screen.getByText('Apple')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('This could not be refreshed: it shows what was loaded before.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows what the data gives once it has come', () => {
    show({ isPending: false, isError: false, data: ['Apple', 'Banana'] });
    expect(screen.getByText('Apple, Banana')).toBeTruthy();
  });
});
