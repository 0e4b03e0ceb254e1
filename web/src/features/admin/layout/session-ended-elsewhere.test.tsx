// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAdmin } from './admin-test-kit';
import { watchTheSession } from '../../../lib/refused-session';

/*
 * A desk page whose session changed elsewhere (review 21): another tab of the same browser signed
 * out, or signed in as someone else, or the token changed while the page was away in the back/forward
 * cache. A file of its own: the page below has shown a session, which this module graph remembers.
 */
describe('a desk page whose session another tab changed', () => {
  it('loads afresh for another person, goes on for the same one, ignores other keys, and loads the login page once the storage is cleared', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const calls = () => [replace.mock.calls.length, reload.mock.calls.length];
    watchTheSession(window);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    const changedElsewhere = (key: string | null, oldValue: string | null, newValue: string | null) => {
      if (key === 'token') localStorage.setItem('token', newValue!);
      window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
    };
    localStorage.setItem('token', tokenOf('admin-1'));

    changedElsewhere('language', 'en', 'hi');
    expect(calls()).toEqual([0, 0]);
    // The same admin signed in again in another tab: a new token, still theirs (review 22: it reloaded every desk tab).
    changedElsewhere('token', tokenOf('admin-1'), tokenOf('admin-1', 2));
    expect(calls()).toEqual([0, 0]);
    changedElsewhere('token', tokenOf('admin-1', 2), tokenOf('admin-7'));
    expect(calls()).toEqual([0, 1]);

    // Away in the back/forward cache while someone else signed in: brought back, it loads afresh.
    window.dispatchEvent(new Event('pagehide'));
    localStorage.setItem('token', tokenOf('admin-9'));
    const shown = new Event('pageshow');
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    expect(calls()).toEqual([0, 2]);

    // Another tab cleared the whole storage: both values null (review 22: it was taken for no change).
    localStorage.clear();
    changedElsewhere(null, null, null);
    expect(replace.mock.calls).toEqual([['/login']]);
  });
});

/** A token as the server signs one (a JWT): only its payload's `sub` is read here; `n` makes another token of the same person. */
function tokenOf(sub: string, n = 1): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub, iat: n })}.signature`;
}
