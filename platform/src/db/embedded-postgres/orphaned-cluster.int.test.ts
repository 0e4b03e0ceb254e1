import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { freePort } from '../../../../tests/support/free-port';
import { waitFor } from '../../../../tests/support/wait-for';
import { startEmbeddedPostgres } from '../embedded-postgres';
import { liveServer } from './postmaster-pid';
import { answers, embeddedClusterTest as it } from '../../testing/embedded-cluster-test';

const EMBEDDED = path.resolve(import.meta.dirname, '../embedded-postgres.ts');

/** A process of ours that starts (or attaches to) the cluster in `dataDir`, says so, and runs until killed. */
async function startInChild(dir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const script = path.join(dir, 'start-embedded.mts');
  await writeFile(
    script,
    `import { startEmbeddedPostgres } from ${JSON.stringify(EMBEDDED)};\n` +
      `await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, fsync: false });\n` +
      // As the entry points do (onShutdown): a signal ends the process through process.exit.
      `process.on('SIGTERM', () => process.exit(0));\n` +
      `process.stdout.write('ready\\n');\nsetInterval(() => undefined, 1000);\n`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the child to start the cluster', async () => output.includes('ready'), 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return child;
}

const killed = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('an embedded cluster left running by a killed start', () => {
  it('is adopted by the next start, which stops it on a clean exit: the server gone, its port free', async ({ clusterDir: dir }) => {
    const dataDir = path.join(dir, 'adopted');
    const port = await freePort();
    const first = await startInChild(dir, dataDir, port);
    const clusterDir = path.join(dataDir, 'postgres');
    const server = liveServer(clusterDir);
    expect(server).not.toBeNull();

    await killed(first, 'SIGKILL');
    // The server runs on without its starter.
    expect(isRunning(server!.pid)).toBe(true);

    const again = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
    expect(new URL(again.connectionString).port).toBe(String(port));
    expect(await answers(again.connectionString)).toBe(true);

    await again.stop();
    await waitFor('the server to end', async () => !isRunning(server!.pid), 10_000);
    expect(liveServer(clusterDir)).toBeNull();
    expect(await portIsFree(port)).toBe(true);
  }, 180_000);

  it('only attaches to a server whose starter still runs: stopping leaves it to its owner', async ({ clusterDir: dir }) => {
    const dataDir = path.join(dir, 'owned');
    const port = await freePort();
    const owner = await startInChild(dir, dataDir, port);
    const server = liveServer(path.join(dataDir, 'postgres'));
    try {
      const attached = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
      await attached.stop();
      expect(isRunning(server!.pid)).toBe(true);
      expect(await answers(attached.connectionString)).toBe(true);
    } finally {
      // The owner's exit stops its server.
      await killed(owner, 'SIGTERM');
    }
    await waitFor('the server to end with its owner', async () => !isRunning(server!.pid), 30_000);
  }, 180_000);
});
