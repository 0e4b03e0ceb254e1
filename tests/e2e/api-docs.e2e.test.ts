import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Hono } from 'hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serve } from '@hono/node-server';
import { launchBrowser } from './support/browser';
import { freePort } from '../support/free-port';
import { apiDocsRoutes } from '../../services/src/api/openapi/api-docs.routes';
import { routeDocs } from '../../services/src/api/openapi/openapi-document';

/** The API reference in a real browser, under the strictest policy it will meet: `default-src 'self'`. */
describe('the API reference page in a real browser', () => {
  let browser: Browser;
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    const app = new Hono()
      .use(async (c, next) => {
        await next();
        c.header('content-security-policy', "default-src 'self'");
      })
      .route('/api', apiDocsRoutes(() => new OpenAPIHono()));
    const port = await freePort();
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('shows every operation, with no script or request refused by the policy', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    const offOrigin: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) offOrigin.push(request.url());
    });
    await page.goto(`${base}/api/docs`);
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBe(routeDocs.length);
    expect(await page.locator('.info .title').first().textContent()).toContain('USDT Desk API');
    // Only swagger-ui's data: icons may be refused here (the app's own policy allows data: images).
    expect(refused.filter((text) => !text.startsWith("Loading the image 'data:"))).toEqual([]);
    expect(offOrigin).toEqual([]);
    await page.close();
  }, 60_000);
});
