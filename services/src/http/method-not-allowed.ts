import type { Context } from 'hono';

interface RegisteredRoute {
  method: string;
  path: string;
}

/** `/api/orders/:id` as a pattern for a request's path (`*` for any rest). */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/**
 * The methods a path answers to, from the routes the app registers (middleware, method `ALL`, left
 * out): a path that exists under another method is 405 with `Allow`, not 404 (RFC 9110 15.5.6).
 * Built once, on first use, when every route is registered.
 */
export function allowedMethods(routes: () => readonly RegisteredRoute[]): (path: string) => string[] {
  let table: { pattern: RegExp; method: string }[] | null = null;
  return (path) => {
    table ??= routes()
      .filter((route) => route.method !== 'ALL')
      .map((route) => ({ pattern: patternOf(route.path), method: route.method }));
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    // HEAD is answered wherever GET is (hono runs the GET handler without the body).
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** The answer for a path that exists, asked with a method it does not take. */
export function methodNotAllowed(c: Context, allowed: readonly string[]): Response {
  c.header('Allow', allowed.join(', '));
  return c.json({ error: `This address does not take ${c.req.method}: use ${allowed.join(' or ')}`, code: 'method_not_allowed' }, 405);
}
