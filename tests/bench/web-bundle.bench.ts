/**
 * `npm run bench -- web`: what the landing page costs a visitor. Loads `/` in Debian's chromium from
 * a fresh `npm start`, then measures two things: the gzipped size of every script and stylesheet it
 * fetched (the whole built client is the floor it is compared with), and what the server actually
 * sends for the document and every file it loaded to a client offering `br, gzip`, compared with the
 * same files sent plain (as the server sent them before it served precompressed files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, DESKTOP } from '../e2e/support/browser';
import { startAppServer, type AppServer } from '../e2e/support/app-server';
import { machineDescription, recordRows } from './performance-doc';
import { transferOf } from './transfer-size';

const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipped = (file: string) => gzipSync(readFileSync(file)).length;

/** On `server` when given (the web bench shares one with Lighthouse), else on one of its own. */
export async function runWebBundleBench(given?: AppServer): Promise<void> {
  const server = given ?? (await startAppServer());
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: DESKTOP });
    const loaded = new Set<string>();
    // The document and every file of the client it loaded; the API's answers are data, not the client.
    const fetched = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin !== server.base || url.pathname.startsWith('/api/')) return;
      fetched.add(url.pathname);
      if (/\.(js|css)$/.test(url.pathname)) loaded.add(url.pathname);
    });
    await page.goto(server.base, { waitUntil: 'networkidle' });
    const landing = [...loaded].reduce((sum, p) => sum + gzipped(path.join(DIST, p)), 0);
    const assets = readdirSync(path.join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const all = assets.reduce((sum, f) => sum + gzipped(path.join(DIST, 'assets', f)), 0);

    const compressed = await Promise.all([...fetched].map((p) => transferOf(server.base, p, 'br, gzip')));
    const plain = await Promise.all([...fetched].map((p) => transferOf(server.base, p)));
    const sent = compressed.reduce((sum, t) => sum + t.bytes, 0);
    const unsent = plain.reduce((sum, t) => sum + t.bytes, 0);

    const result = {
      landingGzipKb: +kb(landing),
      files: [...loaded],
      wholeClientGzipKb: +kb(all),
      transferredBrGzipKb: +kb(sent),
      transferredPlainKb: +kb(unsent),
      transfers: compressed.map((t) => ({ path: t.path, bytes: t.bytes, encoding: t.encoding })),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await recordRows('web', machineDescription('Chromium (Debian), production build'), [
      {
        metric: 'JavaScript and CSS that / loads, gzipped (KB)',
        measured: kb(landing),
        floor: `${kb(all)} (whole client)`,
        ratio: (landing / all).toFixed(2),
        target: '< 150 KB',
      },
      {
        metric: `/ over HTTP as served to Accept-Encoding: br, gzip: document and ${fetched.size - 1} files (KB)`,
        measured: kb(sent),
        floor: `${kb(unsent)} (the same, sent plain)`,
        ratio: (sent / unsent).toFixed(2),
        target: '< 100 KB',
      },
    ]);
  } finally {
    await browser.close();
    if (!given) await server.stop();
  }
}
