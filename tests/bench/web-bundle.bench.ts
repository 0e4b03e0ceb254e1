/**
 * `npm run bench -- web`: what the landing page costs a visitor. Loads `/` in Debian's chromium from
 * a fresh `npm start` and adds up the gzipped size of every script and stylesheet it fetched;
 * the whole built client is the floor it is compared with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, DESKTOP } from '../e2e/support/browser';
import { startAppServer } from '../e2e/support/app-server';
import { machineDescription, recordRows } from './performance-doc';

const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipped = (file: string) => gzipSync(readFileSync(file)).length;

export async function runWebBundleBench(): Promise<void> {
  const server = await startAppServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: DESKTOP });
    const loaded = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (/\.(js|css)$/.test(url.pathname)) loaded.add(url.pathname);
    });
    await page.goto(server.base, { waitUntil: 'networkidle' });
    const landing = [...loaded].reduce((sum, p) => sum + gzipped(path.join(DIST, p)), 0);
    const assets = readdirSync(path.join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const all = assets.reduce((sum, f) => sum + gzipped(path.join(DIST, 'assets', f)), 0);
    const result = { landingGzipKb: +kb(landing), files: [...loaded], wholeClientGzipKb: +kb(all) };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await recordRows('web', machineDescription('Chromium (Debian), production build'), [
      {
        metric: 'JavaScript and CSS that / loads, gzipped (KB)',
        measured: kb(landing),
        floor: `${kb(all)} (whole client)`,
        ratio: (landing / all).toFixed(2),
        target: '< 150 KB',
      },
    ]);
  } finally {
    await browser.close();
    await server.stop();
  }
}
