/**
 * The web client's build on start (services/src/main/ensure-web-build.ts): servers started side by
 * side (the browser tests start several) build one folder once, not together; a lock left by a
 * process that died is taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test as base } from 'vitest';
import { ensureBuilt, holdingLock } from '../../services/src/main/ensure-web-build';

interface Client {
  root: string;
  dist: string;
  lock: string;
  /** A build that takes a while, writing dist/index.html at its end; `runs` says when each ran. */
  build: () => Promise<void>;
  runs: { from: number; to: number }[];
}

const it = base.extend<{ client: Client }>({
  // eslint-disable-next-line no-empty-pattern
  client: async ({}, use) => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'web-build-'));
    await mkdir(path.join(root, 'src'));
    for (const file of ['index.html', 'vite.config.ts', 'src/main.tsx']) await writeFile(path.join(root, file), '');
    const dist = path.join(root, 'dist');
    const runs: Client['runs'] = [];
    const build = async () => {
      const from = Date.now();
      await rm(dist, { recursive: true, force: true });
      await sleep(150);
      await mkdir(dist);
      await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
      runs.push({ from, to: Date.now() });
    };
    await use({ root, dist, lock: path.join(root, 'build.lock'), build, runs });
    await rm(root, { recursive: true, force: true });
  },
});

it('builds once when two servers start together, the second waiting for the first', async ({ client }) => {
  const built = await Promise.all([1, 2].map(() => ensureBuilt(client.root, client.dist, client.build, client.lock)));
  expect(built.sort()).toEqual([false, true]);
  expect(client.runs).toHaveLength(1);
  expect(existsSync(path.join(client.dist, 'index.html'))).toBe(true);
  expect(existsSync(client.lock)).toBe(false);
});

it('builds again after a source changes, and not before', async ({ client }) => {
  expect(await ensureBuilt(client.root, client.dist, client.build, client.lock)).toBe(true);
  expect(await ensureBuilt(client.root, client.dist, client.build, client.lock)).toBe(false);
  const later = new Date(Date.now() + 5_000);
  await utimes(path.join(client.root, 'src/main.tsx'), later, later);
  expect(await ensureBuilt(client.root, client.dist, client.build, client.lock)).toBe(true);
  expect(client.runs).toHaveLength(2);
});

it('never runs two holds of one lock at once', async ({ client }) => {
  const spans: { from: number; to: number }[] = [];
  const hold = () =>
    holdingLock(
      client.lock,
      async () => {
        const from = Date.now();
        await sleep(60);
        spans.push({ from, to: Date.now() });
      },
      10,
    );
  await Promise.all([hold(), hold(), hold()]);
  spans.sort((a, b) => a.from - b.from);
  expect(spans).toHaveLength(3);
  for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBeGreaterThanOrEqual(spans[i - 1]!.to);
});

it('takes over a lock whose process is gone', async ({ client }) => {
  // The id of a process that has ended.
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;
  await writeFile(client.lock, String(gone));
  expect(await ensureBuilt(client.root, client.dist, client.build, client.lock)).toBe(true);
  expect(existsSync(client.lock)).toBe(false);
});
