import type { MiddlewareHandler } from 'hono';
import { errorSchema } from '../http/openapi-route';

/** What `declare` leaves to the route: the statuses it answers itself. */
type DeclaredRoute = { responses: object; middleware?: MiddlewareHandler | MiddlewareHandler[] };

/** Statuses `declare({ refuses })` cannot list: 401 and 403 on a public route, a 400 with codes of its own. */
export type OwnRefusals = Partial<Record<400 | 401 | 403, string>>;

/**
 * The sign-in routes refuse in ways `declare` does not derive from `access`: a public sign-in answers
 * 401 `invalid_credentials` or 403 `staff_sms_sign_in`, a code's route answers 400 `invalid_otp`
 * beside `validation_error`. Each is added to the route's answers here, in the one error shape, so
 * the document lists what the route gives.
 */
export function alsoRefuses<R extends DeclaredRoute>(route: R, refusals: OwnRefusals): R {
  const added = Object.fromEntries(
    Object.entries(refusals).map(([status, description]) => [status, { description, content: { 'application/json': { schema: errorSchema } } }]),
  );
  // The route object carries a non-enumerable routing helper: changed in place rather than copied.
  return Object.assign(route, { responses: { ...route.responses, ...added } });
}

/**
 * A declared route behind middleware given at run time (sign-in checks made by the composition
 * root): they run first, before its input is validated, so a caller not signed in hears 401 whatever
 * they sent. A new route object each call: the declaration itself stays as declared.
 */
export function behind<R extends DeclaredRoute>(route: R, ...middleware: MiddlewareHandler[]): R {
  const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  const guarded = Object.create(Object.getPrototypeOf(route) as object, Object.getOwnPropertyDescriptors(route)) as R;
  return Object.assign(guarded, { middleware: [...middleware, ...own] });
}

const TOO_LARGE = {
  description: '`payload_too_large`: the body is over 64 KB (body-limits.ts)',
  content: { 'application/json': { schema: errorSchema } },
};

/** Every route of a group that takes a body: 413 when it is over the API's limit (limitBodies, before any route reads it). */
export function bodiesLimited<T extends object>(group: T): T {
  for (const route of Object.values(group) as { request?: { body?: unknown }; responses: object }[]) {
    const responses = route.responses as Record<number, unknown>;
    if (route.request?.body !== undefined) responses[413] ??= TOO_LARGE;
  }
  return group;
}

/**
 * A route under /api/auth: named from its whole path, 413 on an oversized body, and without what
 * `declare` adds for the signed-in groups that /auth is not in (app.ts): no Idempotency-Key there
 * (so no 409/422 for one) and no refusal of compliance staff's commands (they sign out and change
 * their own password as anyone does).
 */
// `T extends object`, not a record of routes: a constraint naming `path: string` becomes the inline
// declarations' contextual type and widens their paths to `string`, and with them the typed client's keys.
export function underAuth<T extends object>(group: T): T {
  for (const route of Object.values(group) as { responses: object }[]) {
    const responses = route.responses as Record<number, { description: string } | undefined>;
    delete responses[422];
    const conflict = responses[409]?.description.split('; or ');
    if (conflict?.[0]?.includes('idempotency_in_progress')) delete responses[409];
    else if (conflict && conflict.length > 1) responses[409] = { ...responses[409]!, description: conflict[0]! };
    if (responses[403]?.description.startsWith('Compliance staff read and never act')) delete responses[403];
  }
  return bodiesLimited(group);
}
