import { CommandError } from '../cli-errors';

export interface DemoRequest {
  token?: string;
  /** JSON body, or a form for the multipart routes (brand creation). */
  body?: unknown;
  form?: FormData;
  /** Which brand the request is for, as a browser's Host header says. */
  host: string;
  /** Sent as Idempotency-Key: a second run of the seed gets the first answer back instead of acting twice. */
  key?: string;
}

/** The API called in-process (Hono's app.request): the same routes, checks and metadata as over HTTP. */
export type CallApi = (method: string, path: string, request: DemoRequest) => Promise<Response>;

export interface Answer<T> {
  status: number;
  body: T;
  /** The API answered from an earlier run's Idempotency-Key. */
  replayed: boolean;
}

/** Calls `api` and reads the JSON answer; an answer not in `expected` stops the seed, saying what the API said. */
export async function ask<T = Record<string, unknown>>(
  api: CallApi,
  method: string,
  path: string,
  request: DemoRequest,
  expected: number[] = [200, 201],
): Promise<Answer<T>> {
  const response = await api(method, path, request);
  const text = await response.text();
  if (!expected.includes(response.status)) throw new CommandError(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, replayed: response.headers.get('idempotent-replayed') === 'true' };
}
