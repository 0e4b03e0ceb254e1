import { createServer, type Server } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { freePort } from '../../../../tests/support/free-port';
import { startEmbeddedPostgres } from '../embedded-postgres';
import { answers, embeddedClusterTest as it } from '../../testing/embedded-cluster-test';

describe('the embedded PostgreSQL', () => {
  it('makes a cluster with a password of its own, kept private in DATA_DIR, and starts it again with that password', async ({ clusterDir: dataDir }) => {
    const first = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
    const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
    expect(password).toMatch(/^[\w-]{32}$/);
    expect((await stat(path.join(dataDir, 'postgres-password'))).mode & 0o077).toBe(0);
    expect(decodeURIComponent(new URL(first.connectionString).password)).toBe(password);
    await first.stop();

    const again = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
    expect(await answers(again.connectionString)).toBe(true);

    const wrong = new URL(again.connectionString);
    wrong.password = 'usdt-desk-local';
    const refused = new pg.Client({ connectionString: wrong.toString() });
    await expect(refused.connect()).rejects.toThrow(/password authentication failed/);
    await again.stop();
  });

  it("reports PostgreSQL's own words when the server cannot start", async ({ clusterDir: dataDir }) => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startEmbeddedPostgres({ dataDir, port, fsync: false })).rejects.toThrow(/did not start[\s\S]*could not bind IPv4 address "127\.0\.0\.1"/);
    } finally {
      blocker.close();
    }
  });
});
