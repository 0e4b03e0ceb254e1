import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { seriousFindings, type PageFindings } from './axe';
import { resizeTo } from './browser';
import type { Reader, SweepPage } from './axe-pages';

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE_SIZE = { width: 390, height: 844 };

/** One reader's page in one theme, reused from page to page (a page per reader keeps the sweep fast). */
interface ReaderPage {
  page: Page;
  context: BrowserContext;
  /** Requests still open, but the live-update stream (it never ends). */
  open: Set<Request>;
  /** Whether the app is loaded in it: the next page is reached inside the app, as a link would. */
  loaded: boolean;
}

/**
 * The first page of a reader is loaded; the next ones are reached through the app's router (a
 * history entry and the popstate it listens to), as a click on a link would: the app is not
 * parsed and started again for every page, which halves the sweep's time on this machine.
 */
async function open(reader: ReaderPage, base: string, path: string): Promise<void> {
  if (!reader.loaded) {
    await reader.page.goto(`${base}${path}`);
    reader.loaded = true;
    return;
  }
  await reader.page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/**
 * Reads `pages` on `base` (the operator's host or a brand's) as their readers, each at 1280×800 then
 * at 390×844, and answers what axe found serious or critical at each. A page that lands elsewhere
 * (signed out, sent away by its area's layout) is an error: the sweep would read the wrong page.
 */
export async function sweep(
  browser: Browser,
  theme: string,
  base: string,
  pages: readonly SweepPage[],
  tokens: Partial<Record<Reader, string>>,
  /** The language chosen on this browser (web/src/i18n/i18n.ts); each page must then be in it. */
  language?: 'hi',
): Promise<PageFindings[]> {
  const readers = new Map<Reader, ReaderPage>();
  const results: PageFindings[] = [];
  try {
    for (const target of pages) {
      let reader = readers.get(target.reader);
      if (!reader) {
        reader = await openReader(browser, tokens[target.reader], language);
        readers.set(target.reader, reader);
      }
      const { page } = reader;
      await page.setViewportSize(LAPTOP);
      await open(reader, base, target.path);
      await settle(reader);
      const landed = new URL(page.url()).pathname;
      if (landed !== target.path) throw new Error(`${theme}: ${target.path} landed on ${landed}`);
      const lang = (await page.evaluate('document.documentElement.lang')) as string;
      if (language && lang !== language) throw new Error(`${theme}: ${target.path} is in "${lang}", not "${language}"`);
      results.push({ theme, area: target.area, page: target.path, width: LAPTOP.width, findings: await seriousFindings(page) });
      await keepScreenshot(page, theme, target, LAPTOP.width);
      // Nothing is fetched anew; the desks' sidebar slides away.
      await resizeTo(page, PHONE_SIZE);
      results.push({ theme, area: target.area, page: target.path, width: PHONE_SIZE.width, findings: await seriousFindings(page) });
      await keepScreenshot(page, theme, target, PHONE_SIZE.width);
    }
  } finally {
    for (const reader of readers.values()) await reader.context.close();
  }
  return results;
}

async function openReader(browser: Browser, token: string | undefined, language: string | undefined): Promise<ReaderPage> {
  const context = await browser.newContext({ viewport: LAPTOP, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  // The session as the web client keeps it (web/src/lib/auth-token.ts), set before the app reads it.
  if (token) await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  if (language) await context.addInitScript(`localStorage.setItem('language', ${JSON.stringify(language)})`);
  const page = await context.newPage();
  const requests = new Set<Request>();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/stream')) requests.add(r);
  });
  page.on('requestfinished', (r) => requests.delete(r));
  page.on('requestfailed', (r) => requests.delete(r));
  return { page, context, open: requests, loaded: false };
}

/**
 * Waits until the page has drawn what it loads: no request open for 150 ms and no "Loading…" line or
 * busy region (the brand's colours come with the public config, the screens' data with their queries).
 * Gives up after 10 s and lets axe read what is there.
 */
async function settle({ page, open }: ReaderPage): Promise<void> {
  let quietSince = 0;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const busy = (await page.evaluate(
      `!!document.querySelector('[aria-busy="true"]') || [...document.querySelectorAll('p')].some((p) => /^Loading\\b/.test(p.textContent.trim()))`,
    )) as boolean;
    if (open.size > 0 || busy) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return;
    await page.waitForTimeout(50);
  }
}

/**
 * `npm run screenshots` sets SWEEP_SCREENSHOTS to a folder (docs/screenshots/screens): the sweep then
 * keeps what each main page (`main` in axe-pages.ts) looks like at each size and in each theme, as
 * the reader sees it; an ordinary test run keeps nothing.
 */
async function keepScreenshot(page: Page, theme: string, target: SweepPage, width: number): Promise<void> {
  const folder = process.env.SWEEP_SCREENSHOTS;
  if (!folder || !target.main) return;
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${theme}-${target.main}-${width}.png`), fullPage: false, animations: 'disabled' });
}
