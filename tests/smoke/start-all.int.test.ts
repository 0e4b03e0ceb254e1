/**
 * The README's promise: `npm start` on a fresh data directory gives the product on PORT with an
 * embedded PostgreSQL, keeps its data across restarts, and shuts down cleanly on SIGTERM.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntryPoint, type RunningChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';

describe('npm start (all-in-one, embedded PostgreSQL)', () => {
  const running: RunningChild[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const { child, exited } of running) {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start(port: number, pgPort: number): Promise<RunningChild> {
    const child = startEntryPoint('services/src/main/start-all.ts', [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      LOG_LEVEL: 'info',
    });
    running.push(child);
    await waitFor('the server to answer', async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok, 60_000);
    return child;
  }

  it('serves health and the home page, survives a restart, and stops PostgreSQL on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-smoke-'));
    await chmod(dataDir, 0o755);
    const [port, pgPort] = [await freePort(), await freePort()];

    const first = await start(port, pgPort);
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok', eventStore: 'postgres' });
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('USDT Desk');
    const missing = await fetch(`http://127.0.0.1:${port}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect(first.output()).toContain('initialising embedded PostgreSQL cluster');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start(port, pgPort);
    expect(second.output()).not.toContain('initialising embedded PostgreSQL cluster');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
