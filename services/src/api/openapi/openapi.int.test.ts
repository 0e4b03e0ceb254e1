import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it as withApp } from '../../../../tests/support/app-fixtures';
import { openApiPath } from './openapi-document';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** The document as committed: what `npm run lint` checks with Spectral and Redocly, and the web client's types come from. */
const COMMITTED = path.join(import.meta.dirname, '../../../../docs/openapi.json');

type Doc = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, any>> };

// The document as the app serves it, read once for the file.
const it = withApp.extend('doc', { scope: 'file' }, async ({ t }): Promise<Doc> => {
  const response = await t.call('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(await response.text());
});

/** Each operation as `METHOD /path`; `atRoot`: those served at the server's root (their path names its own server). */
const documented = (doc: Doc, atRoot?: boolean) =>
  Object.entries(doc.paths)
    .filter(([, item]) => atRoot === undefined || (item.servers !== undefined) === atRoot)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'servers')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );

describe('the OpenAPI document', () => {
  it('is committed as docs/openapi.json, as the app serves it (UPDATE_OPENAPI=1 npx vitest run this file writes it)', async ({ doc }) => {
    const served = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') await writeFile(COMMITTED, served);
    const committed = await readFile(COMMITTED, 'utf8').catch(() => '');
    expect(committed === served, 'docs/openapi.json is stale: run UPDATE_OPENAPI=1 npx vitest run services/src/api/openapi/openapi.int.test.ts').toBe(true);
  });

  it('is OpenAPI 3.1, for the paths under /api', ({ doc }) => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('lists every route the app registers under /api, and no other', ({ t, doc }) => {
    const registered = t.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${openApiPath(route.path.slice('/api'.length))}`);
    expect(registered.length).toBeGreaterThan(50);
    expect(new Set(documented(doc, false))).toEqual(new Set(registered));
    expect(documented(doc, false)).toHaveLength(new Set(registered).size);
  });

  it('lists the probes served at the root (/livez, /readyz) with their own server, and the app serves them there', ({ t, doc }) => {
    expect(documented(doc, true).sort()).toEqual(['GET /livez', 'GET /readyz']);
    for (const path of ['/livez', '/readyz']) {
      expect(doc.paths[path]!.servers).toEqual([{ url: '/' }]);
      expect(t.app.routes.some((route) => route.method === 'GET' && route.path === path)).toBe(true);
    }
  });

  it('gives each operation a summary, a unique id, its answers, and every path parameter', ({ doc }) => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => key !== 'servers')) {
        expect(METHODS).toContain(method);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(
          Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        ids.add(operation.operationId);
        const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        expect(declared.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      }
    }
    expect(ids.size).toBe(documented(doc).length);
  });

  it('describes bodies and queries from the schemas the routes validate with', ({ doc }) => {
    const login = doc.paths['/auth/login']!.post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['phone', 'password']));
    const buy = doc.paths['/orders/fiat-to-crypto']!.post.requestBody.content['application/json'].schema;
    expect(buy.properties.network.enum).toEqual(expect.arrayContaining(['TRC20', 'ERC20']));
    const list = doc.paths['/admin/orders']!.get.parameters.find((p: any) => p.name === 'pageSize');
    expect(list).toMatchObject({ in: 'query', required: false, schema: { maximum: 200 } });
    const brand = doc.paths['/admin/tenants']!.post.requestBody.content['multipart/form-data'].schema;
    expect(brand.properties.logo).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('says which calls need the token and which are open', ({ doc }) => {
    expect(doc.paths['/orders']!.get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/auth/login']!.post.security).toEqual([]);
    expect(doc.paths['/files/{fileId}']!.get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['exp', 'sig']));
    expect(doc.paths['/admin/settings']!.put.description).toMatch(/operator/);
  });

  it('offers the Idempotency-Key only where the idempotency middleware reads it', ({ doc }) => {
    const keyed = (path: string) => (doc.paths[path]!.post.parameters ?? []).some((p: any) => p.name === 'Idempotency-Key');
    expect(['/orders/fiat-to-crypto', '/admin/orders/{id}/complete', '/user/wallet'].map(keyed)).toEqual([true, true, true]);
    expect(['/auth/change-password', '/auth/logout', '/stream/ticket', '/compliance/exports'].map(keyed)).toEqual([false, false, false, false]);
  });
});
