import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';
import { startAppServer, type AppServer } from './support/app-server';

describe('landing page in a real browser', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows the brand at ${viewport.width} px and loads only the landing bundle`, async () => {
      const page = await browser.newPage({ viewport });
      const scripts: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.push(r.url());
      });
      await page.goto(server.base);
      await expect.poll(() => page.locator('h1').first().textContent()).toContain('USDT Desk');
      expect(scripts.some((url) => url.includes('customer-routes'))).toBe(false);
      await screenshot(page, 'landing', 'landing');
      await page.close();
    }, 60_000);
  }
});
