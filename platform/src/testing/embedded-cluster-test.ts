import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { test } from 'vitest';

/**
 * A test with `clusterDir`: a temporary directory for the file's embedded PostgreSQL clusters,
 * removed when the file ends. Opened to others (0755): run as root, the server runs under an
 * account of its own (server-account.ts), which must reach its data directory inside.
 */
export const embeddedClusterTest = test.extend(
  'clusterDir',
  { scope: 'file' },
  // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  async ({}, { onCleanup }): Promise<string> => {
    const dir = await mkdtemp(path.join(tmpdir(), 'usdt-desk-cluster-'));
    await chmod(dir, 0o755);
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return dir;
  },
);

/** Whether a server answers a query at this address. */
export async function answers(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one === 1;
  } finally {
    await client.end();
  }
}
