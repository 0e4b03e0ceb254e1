import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { testEnv } from '../../support/test.env';

/**
 * Debian's chromium, headless. The flags keep it from reaching for Google's services, which this
 * machine's closed network refuses (and which would slow every start). `hosts` maps brand domains
 * to this machine, so a page can open http://b.example:<port>/ as a brand's customers would.
 */
export async function launchBrowser({ hosts = [] }: { hosts?: string[] } = {}): Promise<Browser> {
  if (!existsSync(testEnv.CHROMIUM_PATH)) throw new Error(`chromium not found at ${testEnv.CHROMIUM_PATH}: apt-get install chromium (.ci/run does)`);
  return chromium.launch({
    executablePath: testEnv.CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(hosts.length > 0 ? [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`] : []),
    ],
  });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 780 };

/**
 * Run in the page: resolves once the CSS transitions a change just set going have ended (the desks'
 * sidebar slides away below 992 px in 0.2 s). Two frames first, so a transition the change starts
 * has begun; a page with nothing moving answers then, instead of after a fixed pause. Transitions
 * only: a spinner's endless animation never finishes.
 */
const TRANSITIONS_ENDED = `new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))).then(() =>
  Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))))`;

/** Sets the page's size and waits for what that set moving to come to rest. */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(TRANSITIONS_ENDED);
}

/**
 * A file-scoped fixture (`.extend('openPage', { scope: 'file' }, pagesInOwnSessions)`): opens `url` in a
 * fresh browser session (its own storage, at the laptop's size), so one person's sign-in never shows
 * in another's page. The sessions close when the file ends, before the browser this fixture needs.
 */
export function pagesInOwnSessions({ browser }: { browser: Browser }, { onCleanup }: { onCleanup: (close: () => Promise<void>) => void }) {
  const opened: BrowserContext[] = [];
  onCleanup(async () => {
    for (const context of opened) await context.close();
  });
  return async (url: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    opened.push(context);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  };
}

/** Screenshots go to tests/e2e/screenshots/<suite>/<name>-<width>.png. */
export async function screenshot(page: Page, suite: string, name: string, fullPage = true): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../screenshots', suite);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
