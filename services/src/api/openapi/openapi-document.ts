import { z } from 'zod';
import servicesPackage from '../../../package.json' with { type: 'json' };
import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorSchema, idempotent } from '../../http/openapi-route';

type Json = Record<string, unknown>;

const DESCRIPTION = `The USDT/INR desk's API, generated from the routes' own declarations: the schemas they validate and answer with (docs/api.md tells the answers in words).

- Sign in with \`POST /auth/login\` (or a code) and send the token as \`Authorization: Bearer <token>\`.
- Amounts are decimal strings. Every refusal is \`{ error, code, details? }\` (the \`Error\` schema); bad input is 400 \`{ error: 'validation_error', code: 'validation_error', details: [{ path, message }] }\`. A 429 or 503 says when to come back in \`Retry-After\`.
- Signed-in POSTs accept \`Idempotency-Key\`: a retry answers the first response and acts once.
- Every answer carries \`X-Request-Id\` (yours if you sent a valid one): quote it when reporting a problem.`;

/** Hono's `/orders/:id` as OpenAPI's `/orders/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** A zod schema as JSON Schema, without its dialect line (the document names OpenAPI 3.1's). */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return rest;
}

/** An operation's id from its whole path: `post /auth/login` is `postAuthLogin`. */
const operationId = (route: { method: string; path: string }) =>
  route.method +
  route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** What each group of routes is for, as the reference shows it (a group not named here is listed without words). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  public: "What anyone may read: the brand's configuration and rates.",
  health: "Probes for load balancers and orchestrators: /livez and /readyz at the server's root, /api/health as readiness.",
  documentation: 'This document and its browsable reference.',
  'sign-in': 'Passwords, one-time codes by SMS, staff authenticators and the tokens they give.',
  account: "The signed-in person's profile, sessions, saved wallets and bank accounts, and their brand's receiving details.",
  orders: "A customer's own orders: place, pay, upload proof, cancel, follow.",
  files: 'Proof files, opened through signed, expiring links.',
  notifications: "A customer's notifications (the bell) and which optional SMS they receive.",
  'live updates': 'A stream of changes (server-sent events), opened with a short-lived ticket.',
  'admin: orders': "The desk's orders: verify, complete, reject, flag, export; two admins where money is in doubt.",
  'admin: users': "Accounts and their roles, in the admin's scope.",
  'admin: settings': "The desk's rates, fees and limits; lowering a rule waits for a second admin.",
  'admin: brands': 'Brands (tenants): their domains, looks, receiving accounts and support contact.',
  brands: "A brand's own settings, for its admins.",
  'admin: desk changes': 'Changes to the desk that wait for a second admin: propose, confirm, decline, withdraw.',
  'admin: read models': "The projections' status, and rebuilding one.",
  'admin: books': "The desk's books: a brand's daily position.",
  'admin: reconciliation': 'Bank statements read in and matched to orders; what does not match is shown.',
  'admin: webhooks': "A brand's signed webhooks: endpoints, secrets, deliveries and their log.",
  compliance: 'Read-only: orders as of any moment, replayed histories, the event log, access trails and signed exports.',
};

/**
 * Signed-in POSTs take an `Idempotency-Key` header (the idempotency middleware reads it, so the route's
 * declaration does not: the typed client would then ask every call for headers it sends by itself).
 */
function withIdempotencyKey(method: string, path: string, operation: Json): Json {
  const signedIn = ((operation.security as unknown[] | undefined) ?? []).length > 0;
  if (!idempotent({ method, access: signedIn ? 'user' : 'public' })) return operation;
  if (!KEYED_GROUPS.some((group) => path.startsWith(group))) return operation;
  return { ...operation, parameters: [...((operation.parameters as Json[] | undefined) ?? []), IDEMPOTENCY_KEY] };
}

/**
 * Where app.ts mounts the idempotency middleware (the admin, customer-order and account groups): the
 * key is documented only there. Sign-in's routes, the stream ticket and compliance's exports do not
 * read it (review 12's F7), and sign-in's answers carry tokens no copy of which should be kept.
 */
const KEYED_GROUPS = ['/admin/', '/orders/', '/orders', '/user/'];

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Send the same key again to retry: the first answer comes back (with `Idempotent-Replayed: true`) and the command acts once',
  schema: { type: 'string', pattern: '^[\\w.:-]{1,200}$' },
};

/** The document's parts that are the same whatever the routes. */
const info = () => ({
  openapi: '3.1.0' as const,
  info: {
    title: 'USDT Desk API',
    version: servicesPackage.version,
    description: DESCRIPTION,
    contact: { name: "The desk's operator (the reference: /api/docs)" },
    license: { name: 'Proprietary: for the operator and its brands' },
  },
  servers: [{ url: '/api' }],
});

/** A path's operations, each named from the whole path: a declaration knows only its path below its mount (/user/bank-accounts and /admin/bank-accounts). */
function operations(item: Record<string, Json>, path: string): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(item).map(([method, operation]) => [method, { ...withIdempotencyKey(method, path, operation), operationId: operationId({ method, path }) }]),
  );
}

/**
 * The OpenAPI 3.1 document of every route, served at /api/openapi.json: generated from the routes'
 * declarations (`declared`, the API as mounted at /api).
 */
export function openApiDocument(declared?: OpenAPIHono, atRoot?: OpenAPIHono): Json {
  const generated = (declared?.getOpenAPI31Document(info()) ?? { paths: {}, components: {} }) as unknown as {
    paths?: Record<string, Record<string, Json>>;
    components?: Json;
  };
  // The probes (/livez, /readyz) are served at the server's root: their paths name their own server.
  const rootPaths = (atRoot?.getOpenAPI31Document(info()).paths ?? {}) as Record<string, Record<string, Json>>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(rootPaths)) paths[path] = { servers: [{ url: '/' }], ...operations(item, path) };
  for (const [path, item] of Object.entries(generated.paths ?? {})) paths[path] = operations(item, path);
  const tags = new Set(
    Object.values(paths).flatMap((item) => Object.values(item).flatMap((operation) => ((operation as Json).tags as string[] | undefined) ?? [])),
  );
  const components = (generated.components ?? {}) as { schemas?: Json; parameters?: Json };
  return {
    ...info(),
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(errorSchema), ...(components.schemas ?? {}) },
    },
  };
}
