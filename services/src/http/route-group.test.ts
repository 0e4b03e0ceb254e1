import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMiddleware } from 'hono/factory';
import { answer, declare, routes } from './openapi-route';
import { routeGroup } from './route-group';

const thing = z.object({ id: z.string() });
const checkFirst = createMiddleware(async (_c, next) => next());
/** The OpenAPI document of an app serving one route: what a client learns of it. */
function documentOf(route: ReturnType<typeof declare<'put', '/things/{id}', { 200: ReturnType<typeof answer<typeof thing>> }, typeof thing>>) {
  const app = routes();
  app.openapi(route, (c) => c.json({ id: 'a' }, 200));
  return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'one route', version: '1' } });
}

describe('routeGroup', () => {
  it("declares a group's route exactly as declare() does with the group's tag and access spread in", () => {
    const group = { tag: 'admin: things', access: 'admin' } as const;
    const own = { summary: 'Change a thing', body: thing, answers: { 200: answer('Changed', thing) }, refuses: { 404: 'not_found: no such thing' } };
    const viaGroup = routeGroup(group).put('/things/{id}', own);
    const direct = declare({ ...group, method: 'put', path: '/things/{id}', ...own });
    expect(documentOf(viaGroup)).toEqual(documentOf(direct));
    expect(viaGroup.method).toBe('put');
    expect(viaGroup.tags).toEqual(['admin: things']);
    expect(Object.keys(viaGroup.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '500', '503']);
  });

  it("runs the group's middleware before the route's input is validated, for every method", () => {
    const group = routeGroup({ tag: 'brands', access: 'admin', middleware: [checkFirst] });
    const read = group.get('/brands/{id}', { summary: 'One brand', answers: { 200: answer('The brand', thing) } });
    const remove = group.delete('/brands/{id}', { summary: 'Delete a brand', answers: { 200: answer('Deleted', thing) } });
    expect(read.middleware).toEqual([checkFirst]);
    expect(remove.middleware).toEqual([checkFirst]);
    expect(remove.method).toBe('delete');
  });

  it('keeps a public group public: no token asked for, no 401 or 403 listed', () => {
    const route = routeGroup({ tag: 'sign-in', access: 'public' }).post('/otp/send', {
      summary: 'Send a code',
      body: thing,
      answers: { 200: answer('Sent', thing) },
    });
    expect(route.security).toEqual([]);
    expect(Object.keys(route.responses)).not.toContain('401');
    expect(Object.keys(route.responses)).not.toContain('403');
  });
});
