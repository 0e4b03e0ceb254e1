import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readyClusterPort } from './postmaster-pid';

// postmaster.pid as PostgreSQL writes it: pid, data dir, start time, port, socket dir, listen address, shared memory key, status.
const pidFile = (pid: number, port: number, status?: string) =>
  `${[pid, '/data', '1795243890', port, '', '127.0.0.1', '  1 2', ...(status ? [status] : [])].join('\n')}\n`;

describe('finding a running embedded PostgreSQL', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pgpid-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('attaches to a ready server', async () => {
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile(process.pid, 54999, 'ready   '));
    expect(await readyClusterPort(dir)).toBe(54999);
  });

  it('ignores a pid file left by a dead server', async () => {
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile(2 ** 22 + 12345, 54999, 'ready   '));
    expect(await readyClusterPort(dir)).toBeNull();
  });

  it('waits out a server that is stopping, then starts afresh', async () => {
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile(process.pid, 54999, 'stopping'));
    setTimeout(() => void rm(path.join(dir, 'postmaster.pid')), 300);
    expect(await readyClusterPort(dir)).toBeNull();
  });

  it('waits for a server that is starting, then attaches', async () => {
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile(process.pid, 54999));
    setTimeout(() => void writeFile(path.join(dir, 'postmaster.pid'), pidFile(process.pid, 54999, 'ready   ')), 300);
    expect(await readyClusterPort(dir)).toBe(54999);
  });
});
