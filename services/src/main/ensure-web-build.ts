import { existsSync, readdirSync, statSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Whether `dist` holds a build newer than every source of the client under `root`. */
function builtAfterSources(root: string, dist: string): boolean {
  const index = path.join(dist, 'index.html');
  // The build's own config and steps count as sources: a change to them (say, compressing the
  // output) must reach a client built before it.
  const sources = Math.max(
    ...['src', 'public', 'build'].map((dir) => (existsSync(path.join(root, dir)) ? newestChange(path.join(root, dir)) : 0)),
    ...['index.html', 'vite.config.ts'].map((file) => statSync(path.join(root, file)).mtimeMs),
  );
  return existsSync(index) && statSync(index).mtimeMs >= sources;
}

/** Whether the process that wrote a lock file is still running (a lock left by a killed one is taken over). */
async function holderAlive(lockFile: string): Promise<boolean> {
  const pid = Number(await readFile(lockFile, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while holding `lockFile` (created exclusively, holding this process's id), waiting
 * for another process's hold to end first. A lock whose process is gone is removed and taken.
 */
export async function holdingLock<T>(lockFile: string, work: () => Promise<T>, pollMs = 100): Promise<T> {
  for (;;) {
    const handle = await open(lockFile, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (handle) {
      try {
        await handle.writeFile(String(process.pid));
        await handle.close();
        return await work();
      } finally {
        await rm(lockFile, { force: true });
      }
    }
    // A holder that died before writing its id leaves an empty file: given a moment to write it.
    if (!(await holderAlive(lockFile))) {
      await sleep(pollMs);
      if (!(await holderAlive(lockFile))) await rm(lockFile, { force: true });
      continue;
    }
    await sleep(pollMs);
  }
}

/**
 * The client under `root` built into `dist` unless it is already newer than its sources. Two
 * processes starting at once (browser tests start several servers side by side) must not build
 * the same folder together: vite empties it first, so one build deletes what the other wrote. The
 * build is made under a lock per folder, and whoever waited for it looks again and finds it built.
 */
export async function ensureBuilt(root: string, dist: string, build: () => Promise<void>, lockFile = buildLockFor(dist)): Promise<boolean> {
  if (builtAfterSources(root, dist)) return false;
  return holdingLock(lockFile, async () => {
    if (builtAfterSources(root, dist)) return false;
    await build();
    return true;
  });
}

/** One lock file per built folder, outside the repository (nothing to ignore, nothing to commit). */
function buildLockFor(dist: string): string {
  return path.join(os.tmpdir(), `usdt-desk-web-build-${createHash('sha256').update(dist).digest('hex').slice(0, 16)}.lock`);
}

/**
 * Builds the web client when it was never built or its sources changed since: `npm start` on a
 * fresh clone serves the whole product without a separate build step, and later starts are instant.
 * The build writes the compressed forms too (web/vite.config.ts), so both ways give the same dist.
 */
export async function ensureWebBuild(): Promise<void> {
  // The production image ships the built client without its sources (or vite): nothing to check.
  if (!existsSync(path.join(WEB_ROOT, 'src'))) return;
  const started = Date.now();
  const built = await ensureBuilt(WEB_ROOT, WEB_DIST, async () => {
    logger.info('building the web client (first start, or its sources changed)…');
    const { build } = await import('vite');
    await build({ configFile: path.join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  });
  if (built) logger.info('web client built', { seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
