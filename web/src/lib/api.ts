import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '@desk/services/api/app';
import { authToken } from './auth-token';
import { signOutRefused } from './refused-session';

/**
 * A fresh Idempotency-Key: 128 random bits, in the characters the server accepts. From
 * getRandomValues, not randomUUID: a brand served over plain http on its own host is not a secure
 * context, where randomUUID does not exist (every POST failed there as a "network error").
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const fetchWithAuth: typeof fetch = async (input, init) => {
  const token = authToken.get();
  const headers = new Headers(init?.headers);
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  // Every POST carries a key, so a retried request is answered once (services/src/http/idempotency.ts).
  // A form that may be submitted again (placing an order) passes its own key, kept per submit.
  if ((init?.method ?? 'GET').toUpperCase() === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', newIdempotencyKey());
  const response = await fetch(input, { ...init, headers });
  if (response.status === 401 && token) signOutRefused(token);
  return response;
};

/**
 * A call the typed client does not know yet (its answer typed by the caller, from the API's
 * documentation): the same token, the same 401 handling and the same ApiError as every other call.
 */
export function callApi<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { query, json }: { query?: Record<string, string | undefined>; json?: unknown } = {},
): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  const init: RequestInit = json === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) };
  return unwrap(fetchWithAuth(search ? `${path}?${search}` : path, init) as Promise<Response & { json(): Promise<T> }>) as Promise<T>;
}

/** Typed calls generated from the server's routes (Hono RPC): no hand-written copy of the API's types. */
export const api = hc<AppType>('/', { fetch: fetchWithAuth }).api;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; code?: string; details?: { path: string; message: string }[]; [key: string]: unknown },
  ) {
    super(errorText(body, status));
  }
}

/** The server answered that what was asked for does not exist (404): a screen says "not found" rather than a failure. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * What a screen shows for a failed call: the server's text, validation details, or the screen's own
 * default (seed-spec section 8: "server error, default …"). A call that got no answer at all says
 * so, whatever the screen's default: 'Invalid credentials' or `invalid_otp` would mislead someone
 * whose connection dropped (decision 0027).
 */
export function errorText(body: ApiError['body'] | null | undefined, status: number, fallback = 'Something went wrong'): string {
  if (body?.error === 'validation_error' && body.details?.length) return `Validation failed: ${body.details.map((d) => d.message).join(', ')}`;
  if (body?.message && ['rate_changed', 'invalid_otp', 'phone_required'].includes(body.error ?? '')) return body.message;
  return body?.error ?? (status === 0 ? 'Network error. Please check your connection.' : fallback);
}

/**
 * What a call answers when it succeeds: a declared route's typed answers are one per status (its
 * refusals in the error shape among them), and unwrap throws for all but 2xx, so only those remain.
 */
export type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : R extends { json(): Promise<infer Body> }
      ? Body
      : never;

/** Parses a response, throwing ApiError for anything but 2xx. */
export async function unwrap<R extends Response>(response: Promise<R> | R): Promise<SuccessBody<R>> {
  let r: R;
  try {
    r = await response;
  } catch {
    throw new ApiError(0, {});
  }
  if (!r.ok) throw new ApiError(r.status, ((await r.json().catch(() => ({}))) ?? {}) as ApiError['body']);
  return r.json() as Promise<SuccessBody<R>>;
}
