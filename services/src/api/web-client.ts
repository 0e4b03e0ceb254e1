import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');
const indexFile = path.join(WEB_DIST, 'index.html');

/** Built assets (content-hashed, so cached for a year) and other files of web/dist. */
export const webAssets: MiddlewareHandler = serveStatic({
  root: path.relative(process.cwd(), WEB_DIST),
  onFound: (filePath, c) => {
    if (filePath.includes('/assets/')) c.header('cache-control', 'public, max-age=31536000, immutable');
  },
});

/**
 * Any other path is a client route: answer with the app's index.html. Before the client is built
 * (only a bare `npm run start:api` in a fresh clone), a short page says the service is up.
 */
export function webClient(c: Context): Response {
  if (existsSync(indexFile)) {
    c.header('cache-control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  }
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>USDT Desk</title></head>` +
      `<body style="font-family:system-ui;margin:3rem"><h1>USDT Desk</h1>` +
      `<p>The order service is running; the web client is not built (run <code>npm run build</code>). Health: <a href="/api/health">/api/health</a>.</p></body></html>`,
    200,
  );
}
