import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';

const distDir = path.resolve(import.meta.dirname, '../../../web/dist');
const indexFile = path.join(distDir, 'index.html');

/**
 * The browser client. Until web/dist is built this answers with a short page that says the service
 * is up, so `npm start` always gives something at http://localhost:3000.
 */
export function webClient(c: Context): Response {
  if (existsSync(indexFile)) return c.html(readFileSync(indexFile, 'utf8'));
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>USDT Desk</title></head>` +
      `<body style="font-family:system-ui;margin:3rem"><h1>USDT Desk</h1>` +
      `<p>The order service is running. Health: <a href="/api/health">/api/health</a>.</p></body></html>`,
    200,
  );
}
