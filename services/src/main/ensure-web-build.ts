import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { logger } from '@desk/platform/logging/logger';
import { WEB_DIST } from '../api/web-client';

const WEB_ROOT = path.resolve(WEB_DIST, '..');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the web client when it was never built or its sources changed since: `npm start` on a
 * fresh clone serves the whole product without a separate build step, and later starts are instant.
 * The build writes the compressed forms too (web/vite.config.ts), so both ways give the same dist.
 */
export async function ensureWebBuild(): Promise<void> {
  // The production image ships the built client without its sources (or vite): nothing to check.
  if (!existsSync(path.join(WEB_ROOT, 'src'))) return;
  const index = path.join(WEB_DIST, 'index.html');
  // The build's own config and steps count as sources: a change to them (say, compressing the
  // output) must reach a client built before it.
  const sources = Math.max(
    ...['src', 'public', 'build'].map((dir) => newestChange(path.join(WEB_ROOT, dir))),
    ...['index.html', 'vite.config.ts'].map((file) => statSync(path.join(WEB_ROOT, file)).mtimeMs),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  logger.info('building the web client (first start, or its sources changed)…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: path.join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  logger.info('web client built', { seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
