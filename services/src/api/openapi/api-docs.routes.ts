import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { answer, routes } from '../../http/openapi-route';
import { routeGroup } from '../../http/route-group';
import { openApiDocument } from './openapi-document';

const STATIC = path.join(import.meta.dirname, 'static');
const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files /api/docs/:asset serves: swagger-ui-dist's, from node_modules, and our start-up script. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'docs-init.js': { file: path.join(STATIC, 'docs-init.js'), type: 'text/javascript; charset=utf-8' },
};

/** The document's outline: an OpenAPI 3.1 document's own schema is the OpenAPI specification's. */
const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});
const docs = routeGroup({ tag: 'documentation', access: 'public' });
const text = (description: string, type: string) => ({ description, content: { [type]: { schema: z.string() } } });

export const apiDocsDeclarations = {
  document: docs.get('/openapi.json', {
    summary: 'This document (OpenAPI 3.1)',
    answers: {
      200: answer('The document', documentSchema),
    },
  }),
  page: docs.get('/docs', {
    summary: 'This document, browsable',
    answers: { 200: text('The reference page', 'text/html') },
  }),
  asset: docs.get('/docs/{asset}', {
    summary: "The browsable reference's script and style files",
    answers: {
      200: {
        description: 'The file',
        content: { 'text/css': { schema: z.string() }, 'text/javascript': { schema: z.string() } },
      },
    },
    refuses: { 404: 'not_found: no such file' },
  }),
};

/**
 * The API document and its browsable reference, mounted at /api, all from our own origin (no CDN):
 * the page, its style and scripts pass a `default-src 'self'` policy. The document is built (from `declared`, the API's
 * routes as mounted at /api, and `atRoot`, the probes at the server's root) and files are read once, on first use.
 */
export function apiDocsRoutes(declared: () => OpenAPIHono, atRoot?: () => OpenAPIHono) {
  let document: z.infer<typeof documentSchema> | undefined;
  const cache = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    if (!cache.has(file)) cache.set(file, readFile(file));
    return cache.get(file)!;
  };
  const d = apiDocsDeclarations;
  return routes()
    .openapi(d.document, (c) =>
      c.json((document ??= openApiDocument(declared(), atRoot?.()) as z.infer<typeof documentSchema>), 200, { 'cache-control': 'no-cache' }),
    )
    .openapi(d.page, async (c) => c.html((await read(path.join(STATIC, 'docs-page.html'))).toString('utf8'), 200, { 'cache-control': 'no-cache' }))
    .openapi(d.asset, async (c) => {
      const asset = ASSETS[c.req.param('asset')];
      if (!asset) return c.json({ error: 'Not found', code: 'not_found' }, 404);
      return c.body(new Uint8Array(await read(asset.file)), 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
    });
}
