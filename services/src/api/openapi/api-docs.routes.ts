import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { openApiDocument } from './openapi-document';

const STATIC = path.join(import.meta.dirname, 'static');
const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files /api/docs/:asset serves: swagger-ui-dist's, from node_modules, and our start-up script. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'docs-init.js': { file: path.join(STATIC, 'docs-init.js'), type: 'text/javascript; charset=utf-8' },
};

/**
 * The API document and its browsable reference, mounted at /api, all from our own origin (no CDN):
 * the page, its style and scripts pass a `default-src 'self'` policy. The document is built (from `declared`, the API's
 * routes as mounted at /api) and files are read once, on first use.
 */
export function apiDocsRoutes(declared: () => OpenAPIHono) {
  let document: string | undefined;
  const cache = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    if (!cache.has(file)) cache.set(file, readFile(file));
    return cache.get(file)!;
  };
  return new Hono()
    .get('/openapi.json', (c) =>
      c.body((document ??= JSON.stringify(openApiDocument(declared()))), 200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
      }),
    )
    .get('/docs', async (c) => c.html((await read(path.join(STATIC, 'docs-page.html'))).toString('utf8'), 200, { 'cache-control': 'no-cache' }))
    .get('/docs/:asset', async (c) => {
      const asset = ASSETS[c.req.param('asset')];
      if (!asset) return c.json({ error: 'Not found', code: 'not_found' }, 404);
      return c.body(new Uint8Array(await read(asset.file)), 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
    });
}
