import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { apiDocsRoutes } from './api-docs.routes';

describe('the API reference page', () => {
  const app = new Hono().route(
    '/api',
    apiDocsRoutes(() => new OpenAPIHono()),
  );

  it('has no inline script or style: every script and stylesheet is a file from this origin', async () => {
    const response = await app.request('/api/docs');
    expect(response.status).toBe(200);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/ src="\/api\/docs\/[\w.-]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=|javascript:/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('serves each file the page names, with its type', async () => {
    const html = await (await app.request('/api/docs')).text();
    const names = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[\w.-]+)"/g)].map(([, url]) => url!);
    expect(names).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/docs-init.js']);
    for (const url of names) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toMatch(url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it("points the reference at this origin's document and at nothing elsewhere", async () => {
    const init = await (await app.request('/api/docs/docs-init.js')).text();
    expect(init).toContain("url: '/api/openapi.json'");
    expect(init).toContain('validatorUrl: null');
    expect(init).not.toMatch(/https?:\/\//);
  });

  it('serves no other file', async () => {
    for (const name of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-initializer.js']) {
      expect((await app.request(`/api/docs/${name}`)).status).toBe(404);
    }
  });

  it('serves the document as JSON', async () => {
    const response = await app.request('/api/openapi.json');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(await response.text())).toMatchObject({ openapi: '3.1.0', info: { title: 'USDT Desk API' } });
  });
});
