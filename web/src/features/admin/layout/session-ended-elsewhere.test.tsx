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
  it('loads the login page when another tab signed out, afresh when it signed in as someone else, and not for other keys', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    watchTheSession(window);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();

    window.dispatchEvent(new StorageEvent('storage', { key: 'language', oldValue: 'en', newValue: 'hi' }));
    expect([replace.mock.calls.length, reload.mock.calls.length]).toEqual([0, 0]);

    localStorage.setItem('token', 'someone-else');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'test-token', newValue: 'someone-else' }));
    expect([replace.mock.calls.length, reload.mock.calls.length]).toEqual([0, 1]);

    // Away in the back/forward cache while the token changed again: brought back, it loads afresh.
    window.dispatchEvent(new Event('pagehide'));
    localStorage.setItem('token', 'a-third');
    const shown = new Event('pageshow');
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    expect([replace.mock.calls.length, reload.mock.calls.length]).toEqual([0, 2]);

    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'a-third', newValue: null }));
    expect(replace.mock.calls).toEqual([['/login']]);
  });
});
