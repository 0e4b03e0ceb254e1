import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OrphanedClusterError, clusterPassword } from './cluster-location';

describe("the embedded cluster's password", () => {
  const dirs: string[] = [];
  const temp = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-password-'));
    dirs.push(dir);
    return dir;
  };
  const cluster = async (dir: string) => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the old password of a cluster inside DATA_DIR made before passwords were generated', async () => {
    const dataDir = await temp();
    expect(await clusterPassword(dataDir, await cluster(path.join(dataDir, 'postgres')))).toBe('usdt-desk-local');
  });

  it('says what to do when a cluster kept elsewhere outlived the DATA_DIR that held its password', async () => {
    const dataDir = await temp();
    const elsewhere = await cluster(path.join(await temp(), 'clusters', 'abc', 'postgres'));
    const refused = clusterPassword(dataDir, elsewhere);
    await expect(refused).rejects.toBeInstanceOf(OrphanedClusterError);
    await expect(refused).rejects.toThrow(`Remove ${path.dirname(elsewhere)} to start with an empty database`);
  });

  it('generates one for a new cluster and reads it back', async () => {
    const dataDir = await temp();
    const made = await clusterPassword(dataDir, path.join(await temp(), 'none'));
    expect(made).toMatch(/^[\w-]{32}$/);
    expect(await clusterPassword(dataDir, path.join(await temp(), 'none'))).toBe(made);
  });
});
