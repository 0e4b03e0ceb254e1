import { once } from 'node:events';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { stringify } from 'csv-stringify';

/**
 * A CSV file answered as a download and streamed as it is written: a header row of `columns`, then
 * each row `rows` yields, as it comes (a large export is never held in memory). No cache keeps it:
 * an export is its reader's alone.
 */
export function csvDownload(c: Context, filename: string, columns: readonly string[], rows: AsyncIterable<unknown[]>): Response {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
  return stream(c, async (out) => {
    const csv = stringify({ header: true, columns: [...columns] });
    const pump = (async () => {
      for await (const chunk of csv) await out.write(chunk as string);
    })();
    // A slow reader's rows wait here, not in the stringifier's buffer: the export stays out of memory.
    for await (const row of rows) if (!csv.write(row)) await once(csv, 'drain');
    csv.end();
    await pump;
  });
}
