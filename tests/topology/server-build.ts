import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * dist/server as the image runs it: `npm run build:server` when it is missing or older than a
 * source (the script's `--if-stale`). Under flock, so two test files starting topologies at once
 * build it once, and neither starts a server while the other is swapping the build in.
 */
export async function ensureServerBuild(): Promise<void> {
  await mkdir(path.join(root, 'dist'), { recursive: true });
  await promisify(execFile)('flock', [path.join(root, 'dist/.build-server.lock'), process.execPath, 'scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    timeout: 120_000,
  });
}

/**
 * The image's /app, made as the Dockerfile's runtime stage makes it (scripts/runtime-stage.mjs: the
 * production install with the image's npm ci flags, the server's build, web/dist and the files the
 * server reads beside it) in a new directory under `parent`, so the topology test runs what the image
 * would: a package the server needs left in devDependencies fails it here. About 15 s with npm's
 * cache warm.
 */
export async function makeRuntimeStage(parent: string): Promise<string> {
  await ensureServerBuild();
  if (!existsSync(path.join(root, 'web/dist/index.html'))) {
    await promisify(execFile)('npm', ['run', 'build:web'], { cwd: root, timeout: 180_000 });
  }
  const dir = path.join(parent, 'app');
  await promisify(execFile)(process.execPath, ['scripts/runtime-stage.mjs', dir], { cwd: root, timeout: 300_000 });
  return dir;
}
