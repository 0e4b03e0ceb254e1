import { OpenAPIHono, createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Env, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { declaresUtf8OrNoCharset, isJsonContentType } from './json-content-type';

/**
 * Each route declared once (decision 0041): its path, who may call it, what it takes and every answer
 * it gives, with the schemas the server validates and answers with. `@hono/zod-openapi` registers the
 * route from the declaration, validates the request with it and types the handler's answers with it;
 * the OpenAPI document (/api/openapi.json) is generated from the same declarations.
 *
 *     export const listWallets = declare({
 *       method: 'get', path: '/wallets', tag: 'account', access: 'user', summary: 'Saved USDT addresses',
 *       answers: { 200: answer('The saved addresses', z.object({ wallets: z.array(walletJsonSchema) })) },
 *     });
 *     routes<AuthEnv>().openapi(listWallets, async (c) => c.json({ wallets: ... }, 200));
 *
 * Refusals are thrown (DomainError and its kin) and answered by the error handler in the one error
 * shape; the declaration lists the statuses a route may refuse with (`refuses`), so a client learns
 * them from the document. 400 (with `details`), 401 and 403 are added from the input and `access`.
 */

/**
 * Who may call a route: `public`; `signed-link` (opened as a plain link: its query carries `exp`
 * and `sig`); `user` (any signed-in account); `admin` (admins, a brand admin for their brand);
 * `operator` (the operator's admins only); `compliance` (compliance staff, in their scope).
 */
export type Access = 'public' | 'signed-link' | 'user' | 'admin' | 'operator' | 'compliance';

/** Access levels that need a token, and those of them that refuse some signed-in accounts. */
export const SIGNED_IN: readonly Access[] = ['user', 'admin', 'operator', 'compliance'];
export const ROLE_BOUND: readonly Access[] = ['admin', 'operator', 'compliance'];

/** Who may call, in words, for each operation's description. */
export const WHO: Record<Access, string> = {
  public: 'Public.',
  'signed-link': 'Opened as a plain link: no token; the signed, expiring query is the permission.',
  user: 'Signed in.',
  admin: "Admins: operator admins for every brand, a brand admin for their brand only (another brand's order is 404).",
  operator: "The operator's admins only (403 for brand admins).",
  compliance: "Compliance staff: the operator's for every brand, a brand's for that brand. Each read is recorded on their access trail.",
};

/** One problem with the input: where (dot path; empty for the whole body) and what, in the screen's words. */
export const problemSchema = z.object({ path: z.string(), message: z.string() });

/**
 * Every refusal, whatever its status: the specification's `error` text, always a stable `code`, and
 * for bad input the problems field by field. Some refusals add fields of their own (named in their
 * answer's description), so the object is open.
 */
export const errorSchema = z
  .looseObject({
    error: z.string().describe("What a screen shows (the specification's words)"),
    code: z.string().describe('A stable machine code: match on this, not on `error`'),
    details: z.array(problemSchema).optional().describe('For validation_error: each problem with the input'),
  })
  .openapi('Error');

/** The statuses a route may refuse with besides those added from its input and access. */
export type RefusalStatus = 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503;

type JsonContent<S extends z.ZodType> = { 'application/json': { schema: S } };

/** A successful answer: its meaning in words and the JSON it carries. */
export function answer<S extends z.ZodType>(description: string, schema: S): { description: string; content: JsonContent<S> } {
  return { description, content: { 'application/json': { schema } } };
}

/** An answer with no JSON body (a file, a page, an empty 204): its content declared by the route itself. */
export interface OtherAnswer {
  description: string;
  content?: Record<string, { schema: z.ZodType | { type: string; format?: string } }>;
  headers?: Record<string, { description: string; schema: { type: string } }>;
}

type ResponseConfig = RouteConfig['responses'][string];
/** Success answers by status (200, 201, 202, 204). */
export type Answers = { [status: number]: ResponseConfig };
export type Query = z.ZodObject | z.ZodPipe;

/** The request part of a declaration, typed precisely so the handler's `c.req.valid(...)` knows what it gets. */
type RequestOf<P extends string, B, Q> = (B extends z.ZodType ? { body: { required: true; content: { 'application/json': { schema: B } } } } : object) &
  (Q extends Query ? { query: Q } : object) &
  ([ParamNames<P>] extends [never] ? object : { params: z.ZodObject<{ [K in ParamNames<P>]: z.ZodString }> });

/** The names of a path's `{name}` parameters, as a union of literal types. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface Declaration<M extends Method, P extends string, A extends Answers, B extends z.ZodType | undefined, Q extends Query | undefined> {
  method: M;
  /** OpenAPI style (`/orders/{id}`), relative to where the routes are mounted. */
  path: P;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** The JSON body, validated with this schema (a body left empty reads as `{}`). */
  body?: B;
  /** The query, validated with this schema. */
  query?: Q;
  /** Multipart form: the text fields' schema and the file fields' names (the route reads the files itself). */
  form?: { fields: z.ZodObject; files: readonly string[] };
  /** Every successful answer. */
  answers: A;
  /** Refusals besides 400/401/403, each with what it means here. */
  refuses?: Partial<Record<RefusalStatus, string>>;
  /** Middleware that must run before the request is validated (role checks). */
  middleware?: MiddlewareHandler[];
}

const refusal = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

/** What any route but the health checks may answer when its client sent too much (rate-limit.ts, decision 0045). */
const RATE_LIMITED = "`too_many_requests`: this client's allowance for the route's group is used up for the minute (Retry-After says how long)";

/** What any route may answer while a store it needs is away (error-handler.ts). */
const STORE_OUTAGE =
  '`unavailable`: a store this request needs (the database) is briefly unreachable, or `storage_full`: the file storage cannot take more for the moment; send the same request again after Retry-After (with the same Idempotency-Key)';

/** The health checks are never rate-limited: a load balancer asking often must never be refused. */
const limited = (d: { tag: string }) => d.tag !== 'health';

function refusalsOf(d: {
  method: string;
  tag: string;
  access: Access;
  body?: unknown;
  query?: unknown;
  form?: unknown;
  refuses?: Partial<Record<RefusalStatus, string>>;
}) {
  const body = d.body !== undefined || d.form !== undefined;
  return {
    // Any route: a NUL character in the address is bad input before a route reads it (refuse-nul.ts).
    400: refusal('Invalid input: `validation_error`, with `details` (each problem and where)'),
    ...(SIGNED_IN.includes(d.access) ? { 401: refusal('Not signed in, or the token no longer works') } : {}),
    ...(ROLE_BOUND.includes(d.access) ? { 403: refusal('Not allowed for this account') } : {}),
    // Compliance staff read what any signed-in account reads, and act on nothing (docs/compliance.md).
    ...(d.access === 'user' && d.method !== 'get' ? { 403: refusal('Compliance staff read and never act (`forbidden`)') } : {}),
    ...(d.access === 'signed-link' ? { 403: refusal('The link expired or was altered') } : {}),
    ...(body ? { 413: refusal('`payload_too_large`: the body is over what this route takes (64 KB for JSON)') } : {}),
    ...(body ? { 415: refusal('`unsupported_media_type`: the body is not JSON in UTF-8 (multipart for uploads)') } : {}),
    ...(idempotent(d) ? idempotencyRefusals(d.refuses ?? {}) : {}),
    ...(limited(d) ? { 429: refusal(RATE_LIMITED) } : {}),
    // Any route: a store's passing outage is a 503 to retry, not a 500 (store-outage.ts).
    503: refusal(STORE_OUTAGE),
    // The route's own words last: a refusal it names itself (a 413 of its own size) is described as it says.
    ...Object.fromEntries(
      Object.entries(d.refuses ?? {})
        .filter(([status]) => !(idempotent(d) && (status === '409' || status === '422')))
        // A route with a limit of its own (sign-in, codes) is under the general one too.
        .map(([status, text]) => [status, refusal(status === '429' && limited(d) ? `${text}; or ${RATE_LIMITED}` : text)]),
    ),
    // Not for any input: a store that failed mid-request. A command retried with its Idempotency-Key acts once.
    500: refusal('The server could not finish (a store failed): `internal_error`. Retry; a command with the same Idempotency-Key acts once'),
  } as Record<400 | 401 | 403 | 415 | 500 | RefusalStatus, ReturnType<typeof refusal>>;
}

/** Signed-in POSTs take an `Idempotency-Key` (services/src/http/idempotency.ts; openapi-document.ts shows the header). */
export const idempotent = (d: { method: string; access: Access }) => d.method === 'post' && SIGNED_IN.includes(d.access);

/** What a key's reuse answers, beside what the route itself refuses with the same status. */
function idempotencyRefusals(own: Partial<Record<RefusalStatus, string>>) {
  const and = (status: 409 | 422, text: string) => refusal(own[status] ? `${own[status]}; or ${text}` : text);
  return {
    409: and(
      409,
      '`idempotency_in_progress`: a request with this Idempotency-Key is still running (one whose server stopped is run again by a retry a minute after it was last seen running)',
    ),
    422: and(422, '`idempotency_key_reused`: this Idempotency-Key was used for a different request'),
  };
}

/**
 * A JSON body with a JSON content type and no bytes reads as `{}`, as a body sent without a content
 * type does: a call with nothing to say (a reject without a reason) is not malformed. The schema
 * still judges the `{}`.
 */
const emptyJsonAsObject = createMiddleware(async (c, next) => {
  if (c.req.header('content-length') === '0' && isJsonContentType(c.req.header('content-type'))) {
    // hono reads a JSON body as the cached text, parsed: the validator then sees `{}` instead of failing to parse nothing.
    // (hono types the cache by what it resolves to; what it holds is the promise.)
    c.req.bodyCache.text = Promise.resolve('{}') as unknown as string;
  }
  await next();
});

/** A JSON body declared in another charset (utf-16) is refused as the unsupported type it is (415), not misread as UTF-8. */
const jsonOnlyInUtf8 = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type');
  if (isJsonContentType(type) && !declaresUtf8OrNoCharset(type)) throw new HTTPException(415);
  await next();
});

/** The path's `{name}` parameters, each a string, for the document and the handler's types. */
function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

/** A route's declaration, ready for `routes().openapi(declaration, handler)`. */
export function declare<
  M extends Method,
  P extends string,
  A extends Answers,
  B extends z.ZodType | undefined = undefined,
  Q extends Query | undefined = undefined,
>(d: Declaration<M, P, A, B, Q>) {
  const params = pathParams(d.path);
  const signedIn = SIGNED_IN.includes(d.access);
  const body = d.body
    ? { body: { required: true, content: { 'application/json': { schema: d.body } } } }
    : d.form
      ? { body: { required: true, content: { 'multipart/form-data': { schema: formSchema(d.form) } } } }
      : {};
  const request = {
    ...(params ? { params } : {}),
    ...(d.query ? { query: d.query } : {}),
    ...body,
  } as RequestOf<P, B, Q>;
  return createRoute({
    method: d.method,
    path: d.path,
    summary: d.summary,
    description: d.description ? `${WHO[d.access]} ${d.description}` : WHO[d.access],
    tags: [d.tag],
    security: signedIn ? [{ bearer: [] }] : [],
    middleware: [...(d.middleware ?? []), ...(d.body ? [jsonOnlyInUtf8, emptyJsonAsObject] : [])],
    request,
    responses: { ...d.answers, ...refusalsOf(d) } as A & ReturnType<typeof refusalsOf>,
  });
}

/** The multipart form as the document shows it: the text fields, and each file as binary. */
function formSchema(form: { fields: z.ZodObject; files: readonly string[] }) {
  // Optional here: the route reads its files itself and says which are missing in its own words.
  return form.fields.extend(Object.fromEntries(form.files.map((name) => [name, z.any().optional().openapi({ type: 'string', format: 'binary' })])));
}

/** Bad input, as every route answers it: 400 `validation_error` with one entry per problem. */
export function problemsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ValidationError {
  return new ValidationError(error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
}

/** A group of declared routes: requests that fail their declaration's schemas are refused as bad input. */
export function routes<E extends Env = Env>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw problemsOf(result.error);
    },
  });
}
