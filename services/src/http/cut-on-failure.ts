import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { logger } from '@desk/platform/logging/logger';

type StreamingApi = Parameters<Parameters<typeof stream>[1]>[0];

/**
 * A download streamed as it is written, whose body is cut (errored, not ended) when `write` fails
 * part-way: the server drops the response and the browser shows a failed download, never a short
 * file that looks complete (review 17, F3: a page cut by the statement bound ended the body
 * normally). Hono's `out.abort()` would only close it normally; its writer is the one way to error
 * the body it hands to the server.
 */
export function streamCutOnFailure(c: Context, file: string, write: (out: StreamingApi) => Promise<void>): Response {
  return stream(c, write, async (error, out) => {
    logger.error('a download failed part-way: its response is cut', { path: c.req.path, file, error: error.message });
    await (out as unknown as { writer: WritableStreamDefaultWriter }).writer.abort(error);
  });
}

/**
 * The first `count` items of `items` read before anything is answered (a database that does not
 * answer them answers as any request does: 503 unavailable with Retry-After, not a 200 with an
 * empty file), and an iterator that gives them again, then the rest. `count` reaches the first item
 * read from the database (the audit export's first line is a header made without one: review 18).
 * Closing the returned iterator early closes the source too.
 */
export async function readAhead<T>(items: AsyncIterable<T>, count = 1): Promise<AsyncIterable<T>> {
  const iterator = items[Symbol.asyncIterator]();
  const ahead: IteratorResult<T>[] = [];
  for (let i = 0; i < count; i++) {
    const next = await iterator.next();
    ahead.push(next);
    if (next.done) break;
  }
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (const next of ahead) {
          if (next.done) return;
          yield next.value;
        }
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      } finally {
        await iterator.return?.();
      }
    },
  };
}
