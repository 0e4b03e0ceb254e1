import { once } from 'node:events';
import type { Context } from 'hono';
import { stringify } from 'csv-stringify';
import { readAhead, streamCutOnFailure } from './cut-on-failure';

/**
 * A CSV file answered as a download and streamed as it is written: a header row of `columns`, then
 * each row `rows` yields, as it comes (a large export is never held in memory). No cache keeps it:
 * an export is its reader's alone.
 *
 * A download that cannot be read to its end must not look complete (review 17, F3): the first row is
 * read before answering, and a later failure cuts the response (cut-on-failure.ts).
 */
export async function csvDownload(c: Context, filename: string, columns: readonly string[], rows: AsyncIterable<unknown[]>): Promise<Response> {
  const readRows = await readAhead(rows);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
  return streamCutOnFailure(c, filename, async (out) => {
    const csv = stringify({ header: true, columns: [...columns] });
    const pump = (async () => {
      for await (const chunk of csv) await out.write(chunk as string);
    })();
    try {
      // A slow reader's rows wait here, not in the stringifier's buffer: the export stays out of memory.
      // A reader gone (the download closed) stops the export: the rest is read for nobody (review 18).
      for await (const row of readRows) {
        if (out.aborted) break;
        if (!csv.write(row)) await once(csv, 'drain');
      }
    } catch (error) {
      csv.destroy();
      pump.catch(() => undefined);
      throw error;
    }
    csv.end();
    await pump;
  });
}
