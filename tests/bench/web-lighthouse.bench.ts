/**
 * The Lighthouse half of `npm run bench -- web`: Lighthouse (the npm package) on `/`, as a visitor,
 * and on the customer's dashboard, signed in, with its default mobile profile (a mid-range phone on
 * a slow 4G line, simulated), in Debian's chromium against the `npm start` it is given (a fresh one:
 * the production build, its own port and data directory). Each page is measured three times and the
 * median run by performance is recorded: scores move by a few points between runs on this shared
 * two-core machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server';
import { freePort } from '../support/free-port';
import { testEnv } from '../support/test.env';
import { benchEnv } from './bench.env';
import { appendRows, machineDescription } from './performance-doc';

const CUSTOMER = { phone: '+919812329901', password: 'lighthouse-customer' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  /** Printed, not recorded: what a page's late content costs (a quarter of the performance score). */
  cumulativeLayoutShift: number;
  /** The audits that cost points, by category: what to fix next (printed, not recorded). */
  failing: Record<string, string[]>;
}

export async function runLighthouseBench(server: AppServer): Promise<void> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-lighthouse-'));
  const port = await freePort();
  // A persistent context is the browser's default one, where Lighthouse opens its tab: the session
  // stored in it is the one the dashboard reads.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: testEnv.CHROMIUM_PATH,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      // The machine's closed network: nothing reaches for Google's services.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const runs = benchEnv.BENCH_SMOKE ? 1 : 3;
    const pages = benchEnv.BENCH_SMOKE ? ['/'] : ['/', '/dashboard'];
    const measured: LighthouseScores[] = [];
    for (const page of pages) {
      // `/` as a visitor sees it; the dashboard signed in (the customer's session from then on).
      if (page === '/dashboard') await signInCustomer(server, browser);
      const scores: LighthouseScores[] = [];
      for (let i = 0; i < runs; i++) scores.push(await audit(`${server.base}${page}`, page, port));
      measured.push(median(scores));
    }
    process.stdout.write(`${JSON.stringify(measured, null, 2)}\n`);
    const machine = machineDescription('Chromium (Debian), production build');
    // The blocking time is measured on this machine's cores (then scaled as a phone's): others' work
    // on them moves it, so the row says how busy they were.
    const load = os.loadavg()[0]!.toFixed(1);
    await appendRows(
      'web-lighthouse',
      measured.map((s) =>
        [
          `\`${s.page}\``,
          s.performance,
          s.accessibility,
          s.bestPractices,
          s.seo,
          `${Math.round(s.totalBlockingTimeMs)} ms`,
          `${(s.largestContentfulPaintMs / 1000).toFixed(1)} s`,
          `Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${runs}, load average ${load}`,
          machine,
        ].join(' | '),
      ),
      measured.map((s) => `Lighthouse ${s.page}: performance ${s.performance}, accessibility ${s.accessibility}`).join('; '),
    );
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const LIGHTHOUSE_VERSION = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;

/** A customer who signs up, their session set in the browser as the web client keeps it (web/src/lib/auth-token.ts). */
async function signInCustomer(server: AppServer, browser: Awaited<ReturnType<typeof chromium.launchPersistentContext>>): Promise<void> {
  const token = await server.signUp({ ...CUSTOMER, username: 'Lighthouse Customer' });
  const page = await browser.newPage();
  await page.goto(`${server.base}/login`);
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.close();
}

/**
 * One Lighthouse run with its default (mobile) settings; storage kept, so the session holds. A run
 * whose trace came out unusable (NO_NAVSTART and the like, which Lighthouse asks to run again: seen
 * here when the cores are busy) is run again, up to three times.
 */
async function audit(url: string, page: string, port: number, attempt = 1): Promise<LighthouseScores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr;
  if (runtimeError && attempt < 3) return audit(url, page, port, attempt + 1);
  if (runtimeError) throw new Error(`Lighthouse on ${url}, ${attempt} times: ${runtimeError.code} ${runtimeError.message}`);
  // Signed out, the dashboard sends its visitor to /login: that would measure the wrong page.
  if (new URL(finalDisplayedUrl).pathname !== page) throw new Error(`Lighthouse on ${url} ended on ${finalDisplayedUrl}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? NaN,
    largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failing: Object.fromEntries(
      CATEGORIES.map((id) => [id, (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id)]),
    ),
  };
}

/** The run in the middle by performance score. */
function median(runs: LighthouseScores[]): LighthouseScores {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}
