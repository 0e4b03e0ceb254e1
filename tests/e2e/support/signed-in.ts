import type { Browser, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import type { AppServer } from './app-server';

function send(server: AppServer, method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(`${server.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A JSON call to the server under test with a token (or none), as the browser tests set up their data: its answer, whatever the status. */
export function apiOf(server: AppServer) {
  return async (method: string, path: string, token: string | null, body?: unknown) => (await (await send(server, method, path, token, body)).json()) as any;
}

/** The same, for set-up that must succeed: any answer but 2xx throws, with what the server said. */
export function checkedApiOf(server: AppServer) {
  return async (method: string, path: string, token: string | null, body?: unknown) => {
    const response = await send(server, method, path, token, body);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as any;
  };
}

/** A desktop page already signed in with `token` (as the web client keeps it), opened at `path`. */
export async function openSignedIn(browser: Browser, server: AppServer, token: string, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.goto(`${server.base}${path}`);
  return page;
}

/** Signs in on the login screen's Password tab, as a person would, and waits to land on `lands`. */
export async function signInOnScreen(page: Page, who: { phone: string; password: string }, lands: string): Promise<void> {
  await page.getByRole('tabpanel').getByLabel('Phone number').fill(who.phone);
  await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`**${lands}`);
}
