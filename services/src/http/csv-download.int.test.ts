import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type pg from 'pg';
import { test, expect } from 'vitest';
import { createPool } from '@desk/platform/db/pg-pool';
import { createTestDatabase } from '../../../tests/support/test-database';
import { handleError } from '../api/error-handler';
import { csvDownload } from './csv-download';
import { readAhead, streamCutOnFailure } from './cut-on-failure';

/**
 * Review 17, F3: an export whose page the database cuts (the request path's statement bound, 57014)
 * or does not answer. On a real HTTP server, as the browser downloads it.
 */
// eslint-disable-next-line no-empty-pattern
const it = test.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const database = await createTestDatabase({ poolSize: 2 });
  // The API's kind of pool, its statement bound short: a page that sleeps past it is cancelled by the server.
  const bounded = createPool({ connectionString: database.url, max: 2, statementMs: 500, answerMs: 2_000 });
  /** Pages of rows as an export reads them; the page numbered `slowPage` takes longer than the bound. */
  async function* pages(slowPage: number): AsyncGenerator<unknown[]> {
    for (let page = 1; page <= 3; page++) {
      const { rows } = await bounded.query<{ n: number }>(`select n, pg_sleep($1) from generate_series($2::int, $2::int + 999) as n`, [
        page === slowPage ? 2 : 0,
        (page - 1) * 1000 + 1,
      ]);
      for (const row of rows) yield [`ROW-${row.n}`];
    }
  }
  /** A header made without the database, then the pages' rows (as the audit export's lines come). */
  async function* headed(slowPage: number): AsyncGenerator<unknown[]> {
    yield ['HEADER'];
    yield* pages(slowPage);
  }
  const app = new Hono()
    .get('/export', (c) => csvDownload(c, 'export.csv', ['ref'], pages(Number(c.req.query('slow') ?? 0))))
    // A download of lines as the compliance desk's audit export streams them (compliance.routes.ts):
    // its header made without the database, so the line after it is read ahead too.
    .get('/lines', async (c) => {
      const lines = await readAhead(headed(Number(c.req.query('slow') ?? 0)), 2);
      return streamCutOnFailure(c, 'export.jsonl', async (out) => {
        for await (const [ref] of lines) await out.write(`${JSON.stringify({ ref })}\n`);
      });
    });
  app.onError(handleError);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  onCleanup(async () => {
    await new Promise((resolve) => server.close(resolve));
    await (bounded as pg.Pool).end();
    await database.drop();
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});

const download = async (url: string) => {
  const response = await fetch(url);
  const body = await response.text().then(
    (text) => ({ text }),
    (error: Error) => ({ failed: error.message }),
  );
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ...body };
};

it('downloads every row when each page is answered', async ({ server }) => {
  const answer = await download(`${server.base}/export`);
  expect(answer.status).toBe(200);
  expect((answer as { text: string }).text.trim().split('\n')).toHaveLength(3001);
});

it('fails the download, rather than end a short file, when a later page is cut', async ({ server }) => {
  const answer = await download(`${server.base}/export?slow=2`);
  // Before: 200 and a well-formed CSV of the first 1,000 rows, ending as if complete.
  expect(answer.status).toBe(200);
  expect(answer).toHaveProperty('failed');
  expect(answer).not.toHaveProperty('text');
});

it('answers 503 with Retry-After, not an empty 200, when the first page is cut', async ({ server }) => {
  const answer = await download(`${server.base}/export?slow=1`);
  // Before: 200 with an empty body.
  expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
});

it('cuts a download of lines the same way: every line, a failed download, or 503 (the audit export)', async ({ server }) => {
  expect(((await download(`${server.base}/lines`)) as { text: string }).text.trim().split('\n')).toHaveLength(3001);
  expect(await download(`${server.base}/lines?slow=3`)).toHaveProperty('failed');
  expect(await download(`${server.base}/lines?slow=1`)).toMatchObject({ status: 503, retryAfter: '5' });
});
