import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { declare, type Access, type Answers, type Declaration, type Method, type Query } from './openapi-route';

/** What every route of a group shares: its tag in the document, who may call it, and any role check before its input is read. */
export interface RouteGroup {
  tag: string;
  access: Access;
  middleware?: MiddlewareHandler[];
}

/** A declaration less what its group and its method and path say. */
type OwnPart<M extends Method, P extends string, A extends Answers, B extends z.ZodType | undefined, Q extends Query | undefined> = Omit<
  Declaration<M, P, A, B, Q>,
  'method' | 'path' | 'tag' | 'access'
>;

/**
 * The routes of one group declared as a router reads them, method and path first (decision 0051):
 *
 *     const desk = routeGroup({ tag: 'admin: desk changes', access: 'operator' });
 *     one: desk.get('/changes/{id}', { summary: 'One change', answers: { 200: answer(...) }, refuses: { 404: NOT_FOUND } }),
 *
 * is `declare({ tag, access, method: 'get', path: '/changes/{id}', summary, answers, refuses })`, the
 * same declaration and the same document: the group's tag and access are written once, not spread into
 * each route. The path stays a literal type (`P`), so the handler's `c.req.param('id')` is typed.
 */
export function routeGroup(group: RouteGroup) {
  const on =
    <M extends Method>(method: M) =>
    <P extends string, A extends Answers, B extends z.ZodType | undefined = undefined, Q extends Query | undefined = undefined>(
      path: P,
      own: OwnPart<M, P, A, B, Q>,
    ) =>
      declare<M, P, A, B, Q>({ ...group, ...own, method, path });
  return { get: on('get'), post: on('post'), put: on('put'), delete: on('delete'), patch: on('patch') };
}
