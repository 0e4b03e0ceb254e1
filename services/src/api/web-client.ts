import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { sendPrecompressed } from './precompressed-file';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

/** Vite names every file under /assets/ by its content's hash: a new build gives new names. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html names the current build's assets, so it is checked with the server on every load. */
const REVALIDATE = 'no-cache';

/** The file of `dist` a URL path names, or null: outside it (`..`, encoded or not), or not a file. */
function fileFor(dist: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(dist, decoded);
  if (!file.startsWith(dist + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/**
 * Serves a built client from `dist` (`web/dist` in the product; tests give their own): `assets`
 * answers the files that exist, `fallback` every other path with index.html, since the client's
 * router owns those paths.
 */
export function createWebClient(dist: string) {
  const indexFile = path.join(dist, 'index.html');

  const assets: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Source maps would publish the client's whole source; the build emits none, and one left in
    // dist by hand is not served either.
    if (c.req.path.endsWith('.map')) return c.text('Not found', 404);
    const file = fileFor(dist, c.req.path);
    if (!file) return next();
    return sendPrecompressed(c, file, c.req.path.startsWith('/assets/') ? HASHED : REVALIDATE);
  };

  /**
   * Any other path is a client route: answer with the app's index.html. Not under /assets/: a
   * missing script there is a previous build's chunk, and index.html in its place would only fail
   * later as a script of the wrong type (the client shows "the app was updated" either way).
   * Before the client is built (only a bare `npm run start:api` in a fresh clone), a short page
   * says the service is up.
   */
  const fallback = async (c: Context): Promise<Response> => {
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    if (existsSync(indexFile)) return sendPrecompressed(c, indexFile, REVALIDATE);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>USDT Desk</title></head>` +
        `<body><h1>USDT Desk</h1>` +
        `<p>The order service is running; the web client is not built (run <code>npm run build</code>). Health: <a href="/api/health">/api/health</a>.</p></body></html>`,
      200,
    );
  };

  return { assets, fallback };
}

const served = createWebClient(WEB_DIST);
/** The built client's files (app.ts mounts them after the API). */
export const webAssets = served.assets;
/** index.html for the client's routes (app.ts's notFound outside /api/). */
export const webClient = served.fallback;
