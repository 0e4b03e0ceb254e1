import { once } from 'node:events';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { stringify } from 'csv-stringify';
import { logger } from '@desk/platform/logging/logger';

/**
 * A CSV file answered as a download and streamed as it is written: a header row of `columns`, then
 * each row `rows` yields, as it comes (a large export is never held in memory). No cache keeps it:
 * an export is its reader's alone.
 *
 * A download that cannot be read to its end must not look complete (review 17, F3: a page cut by the
 * statement bound, or not answered, ended the body normally, a well-formed CSV that simply stopped):
 * - the first row is read before answering, so a database that does not answer it answers as any
 *   request does (503 unavailable with Retry-After), not a 200 with an empty file;
 * - a later failure errors the body: the server cuts the response, and the browser shows a failed
 *   download rather than a short file. (Hono's `out.abort()` would only close it normally.)
 */
export async function csvDownload(c: Context, filename: string, columns: readonly string[], rows: AsyncIterable<unknown[]>): Promise<Response> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
  return stream(
    c,
    async (out) => {
      const csv = stringify({ header: true, columns: [...columns] });
      const pump = (async () => {
        for await (const chunk of csv) await out.write(chunk as string);
      })();
      try {
        // A slow reader's rows wait here, not in the stringifier's buffer: the export stays out of memory.
        for (let next = first; !next.done; next = await iterator.next()) if (!csv.write(next.value)) await once(csv, 'drain');
      } catch (error) {
        csv.destroy();
        pump.catch(() => undefined);
        throw error;
      }
      csv.end();
      await pump;
    },
    async (error, out) => {
      logger.error('a download failed part-way: its response is cut', { path: c.req.path, file: filename, error: error.message });
      // The writer is Hono's private part, and the one way to error the body it hands to the server.
      await (out as unknown as { writer: WritableStreamDefaultWriter }).writer.abort(error);
    },
  );
}
