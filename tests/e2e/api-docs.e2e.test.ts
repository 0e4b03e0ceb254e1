import { describe, expect } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { serve } from '@hono/node-server';
import { browserTest } from './support/browser-test';
import { freePort } from '../support/free-port';
import { apiDocsRoutes } from '../../services/src/api/openapi/api-docs.routes';
import { answer, declare, routes } from '../../services/src/http/openapi-route';

/** The API reference in a real browser, under the strictest policy it will meet: `default-src 'self'`. */
/** Two declared routes and the reference: what the page must show is their operations, and the page's own. */
function declaredApi() {
  const ping = declare({
    method: 'get',
    path: '/ping',
    tag: 'public',
    access: 'public',
    summary: 'Ping',
    answers: { 200: answer('Pong', z.object({ ok: z.boolean() })) },
  });
  const echo = declare({
    method: 'post',
    path: '/echo',
    tag: 'public',
    access: 'user',
    summary: 'Echo',
    body: z.object({ text: z.string() }),
    answers: { 200: answer('The same text', z.object({ text: z.string() })) },
  });
  const api = routes()
    .openapi(ping, (c) => c.json({ ok: true }, 200))
    .openapi(echo, (c) => c.json(c.req.valid('json'), 200));
  return api.route(
    '/',
    apiDocsRoutes(() => api),
  );
}

/** Per file, with the browser: `base`, the reference under that policy on a free port of this machine (closed when the file ends). */
const it = browserTest
  // vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('base', { scope: 'file' }, async ({}, { onCleanup }) => {
    const app = new Hono()
      .use(async (c, next) => {
        await next();
        c.header('content-security-policy', "default-src 'self'");
      })
      .route('/api', declaredApi());
    const port = await freePort();
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${port}`;
  });

describe('the API reference page in a real browser', () => {
  // The server and the browser start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ base, browser }) => void [base, browser], 60_000);

  it('shows every operation, with no script or request refused by the policy', async ({ base, browser }) => {
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
    // The two routes, and the document's own three (the outline, the page, its assets).
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBe(5);
    expect(await page.locator('.info .title').first().textContent()).toContain('USDT Desk API');
    // Only swagger-ui's data: icons may be refused here (the app's own policy allows data: images).
    expect(refused.filter((text) => !text.startsWith("Loading the image 'data:"))).toEqual([]);
    expect(offOrigin).toEqual([]);
    await page.close();
  }, 60_000);
});
