import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { answer, declare, routes } from '../../services/src/http/openapi-route';
import { openApiDocument } from '../../services/src/api/openapi/openapi-document';
import { answerViolations, withAnswerContract } from './answer-contract';

/** A small API with one declared route whose handler answers what the test tells it to. */
function appAnswering(reply: { status: number; body: unknown }) {
  const item = declare({
    method: 'get',
    path: '/items/{id}',
    tag: 'items',
    access: 'public',
    summary: 'One item',
    answers: { 200: answer('The item', z.object({ id: z.string(), price: z.string() })) },
    refuses: { 404: 'No such item' },
  });
  // The handler answers outside its declaration on purpose: that is what the contract must catch.
  const api = routes().openapi(item, ((c: { json: (body: unknown, status: number) => Response }) => c.json(reply.body, reply.status)) as never);
  const app = new Hono().route('/api', api);
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(api)));
  app.get('/api/plain', (c) => c.text('not found', 404));
  app.notFound((c) => c.json({ error: 'Not found', code: 'not_found' }, 404));
  return withAnswerContract(app, () => 'the test');
}

const taken = () => answerViolations.splice(0);

describe('the answer contract', () => {
  it('passes an answer the document describes, and a refusal it lists in the error shape', async () => {
    expect((await appAnswering({ status: 200, body: { id: 'a', price: '1.00' } }).request('/api/items/a')).status).toBe(200);
    expect((await appAnswering({ status: 404, body: { error: 'Not found', code: 'not_found' } }).request('/api/items/a')).status).toBe(404);
    expect(taken()).toEqual([]);
  });

  it('records a body that does not match its status’s schema', async () => {
    await appAnswering({ status: 200, body: { id: 'a', price: 1 } }).request('/api/items/a');
    expect(taken()).toEqual([expect.stringMatching(/GET \/api\/items\/a answered 200 with a body the document does not describe: \/price must be string/)]);
  });

  it('records a status the operation does not list', async () => {
    await appAnswering({ status: 409, body: { error: 'Taken', code: 'taken' } }).request('/api/items/a');
    expect(taken()).toEqual([expect.stringMatching(/answered 409, a status GET \/items\/\{id\} does not list/)]);
  });

  it('records a refusal outside the one error shape', async () => {
    await appAnswering({ status: 404, body: { error: 'Not found' } }).request('/api/items/a');
    expect(taken()).toEqual([expect.stringMatching(/answered 404 with a body the document does not describe: \(body\) must have required property 'code'/)]);
  });

  it('lets a path the document does not have answer only 404 or 405, in the error shape', async () => {
    const app = appAnswering({ status: 200, body: {} });
    await app.request('/api/elsewhere');
    await app.request('/api/items/a', { method: 'DELETE' });
    expect(taken()).toEqual([]);
    await app.request('/api/plain');
    expect(taken()).toEqual([expect.stringMatching(/GET \/api\/plain answered 404 not in the error shape/)]);
  });
});
