import { execFile } from 'node:child_process';
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
