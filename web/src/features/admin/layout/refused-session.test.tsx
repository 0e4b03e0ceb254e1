// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN_ME, renderAdmin } from './admin-test-kit';
import { watchTheSession } from '../../../lib/refused-session';

/*
 * A file of its own: once a refusal has started the login page's load, this module graph stays
 * "leaving" (as the real page does until the load replaces it).
 */
describe('a session the server refuses', () => {
  it('is signed out by one load of the login page, and the desk does not also go there in the app', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let dashboardCalls = 0;
    const refused = () => ({ status: 401, body: { error: 'Unauthorized' } });
    const { router } = renderAdmin('/admin/dashboard', {
      'GET /api/auth/me': ADMIN_ME,
      // Every call of the dashboard refused at once, as when another device ended this session.
      'GET /api/admin/dashboard': () => (dashboardCalls++, refused()),
      'GET /api/admin/changes': refused,
      'GET /api/admin/orders': refused,
    });
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(dashboardCalls).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has ended. Opening the login page...')).toBeTruthy();
    // The way on if the load never comes (stopped): a link, not a timer that would cancel a slow load (review 22).
    expect(screen.getByRole('link', { name: 'Open the login page' }).getAttribute('href')).toBe('/login');
    // Let every other refusal and render land: still one load, and the app's own route unmoved.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(assign.mock.calls).toEqual([['/login']]);
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
  });

  it('leaves again when the back button brings this page back from the browser cache', () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    watchTheSession(window);
    window.dispatchEvent(broughtBack(false));
    expect(replace).not.toHaveBeenCalled();
    window.dispatchEvent(broughtBack(true));
    expect(replace.mock.calls).toEqual([['/login']]);
  });
});

/** The `pageshow` of a page loaded (persisted false) or brought back from the back/forward cache (true). */
function broughtBack(persisted: boolean): Event {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}
