// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/render';
import { withErrorScreen } from './route-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A lazy route as router.tsx declares them, whose chunk is gone: what the browser throws after a deploy. */
const goneChunk = (message: string) => ({
  path: '/login',
  lazy: () => Promise.reject(new TypeError(message)),
});

describe('a route that fails to load', () => {
  it('says the app was updated and reloads on request, instead of a blank page', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderWithApp(
      withErrorScreen([
        { path: '/', element: <p>Landing</p> },
        goneChunk('Failed to fetch dynamically imported module: http://localhost/assets/login-page-Old1.js'),
      ]),
      '/login',
    );

    expect(await screen.findByRole('heading', { name: 'The app was updated' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Reload to use it');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("knows Safari's words for it too", async () => {
    renderWithApp(withErrorScreen([goneChunk('Importing a module script failed.')]), '/login');
    expect(await screen.findByRole('heading', { name: 'The app was updated' })).toBeTruthy();
  });

  it('calls any other failure what it is, still with a Reload', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(withErrorScreen([{ path: '/', element: <Broken /> }]), '/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('leaves working routes alone', async () => {
    renderWithApp(withErrorScreen([{ path: '/', element: <p>Landing</p> }]), '/');
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
