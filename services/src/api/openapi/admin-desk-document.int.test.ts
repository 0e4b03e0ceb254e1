import { describe, expect } from 'vitest';
import { it } from '../../../../tests/support/app-fixtures';

type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: { pattern?: string } }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

/**
 * What issue 30 found missing from the admin desk's part of the document, held to the served
 * document: every success body has a schema, the four-eyes 202s are listed with theirs, the export
 * link's signature is in its query, the health check's 503 is listed, and no operation here keeps
 * a catch-all `default`.
 */
describe("the document's admin desk routes", () => {
  let paths: Record<string, Record<string, Operation>>;
  it.beforeAll(async ({ t }) => {
    paths = ((await (await t.call('GET', '/api/openapi.json')).json()) as { paths: typeof paths }).paths;
  });

  const ADMIN_DESK = /^\/(admin\/(dashboard|orders|users|settings|tenants|brands|projections)|config|health|openapi\.json|docs)/;

  it('describes every success body of these routes and lists their refusals without a catch-all', () => {
    const operations = Object.entries(paths)
      .filter(([path]) => ADMIN_DESK.test(path))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ where: `${method} ${path}`, operation })));
    expect(operations.length).toBeGreaterThanOrEqual(36);
    for (const { where, operation } of operations) {
      expect(operation.responses.default, where).toBeUndefined();
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length, where).toBeGreaterThan(0);
      for (const [status, answer] of successes) expect(Object.keys(answer.content ?? {}), `${where} ${status}`).not.toHaveLength(0);
    }
  });

  it('lists the 202 of a change or completion that waits for a second admin, with its body', () => {
    for (const [path, method] of [
      ['/admin/orders/{id}/approve', 'post'],
      ['/admin/orders/{id}/complete', 'post'],
      ['/admin/settings', 'put'],
      ['/admin/tenants/{id}/settings', 'put'],
      ['/admin/users', 'post'],
      ['/admin/users/{id}/roles', 'put'],
      ['/admin/tenants/{id}', 'put'],
      ['/admin/tenants/{id}', 'delete'],
    ] as const) {
      const schema = paths[path]![method]!.responses['202']?.content?.['application/json']?.schema as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      expect(schema?.properties?.pendingConfirmation, `${method} ${path}`).toBeDefined();
      expect(schema?.required, `${method} ${path}`).toEqual(expect.arrayContaining(['pendingConfirmation', 'message']));
    }
  });

  it("puts the export link's expiry and signature in its query, and the health check's 503", () => {
    const query = paths['/admin/orders.csv']!.get!.parameters!.filter((p) => p.in === 'query');
    expect(query.filter((p) => p.required).map((p) => p.name)).toEqual(expect.arrayContaining(['exp', 'sig', 'by', 'tenant']));
    expect(Object.keys(paths['/admin/orders.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(paths['/health']!.get!.responses['503']).toBeDefined();
  });

  it('takes a completion request id in either case, as the server does', () => {
    const body = paths['/admin/orders/{id}/completion-request/confirm']!.post!.requestBody!.content['application/json']!.schema as {
      properties: { requestId: { pattern: string } };
    };
    const pattern = new RegExp(body.properties.requestId.pattern);
    expect(pattern.test('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(pattern.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
  });
});
