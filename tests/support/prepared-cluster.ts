import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { createKysely } from '../../platform/src/db/kysely';
import { createPool } from '../../platform/src/db/pg-pool';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { startEmbeddedPostgres } from '../../platform/src/db/embedded-postgres';
import { holdingLock } from '../../services/src/main/ensure-web-build';
import { allMigrations } from './all-migrations';
import { freePort } from './free-port';

const run = promisify(execFile);

/**
 * Gives a fresh DATA_DIR an embedded PostgreSQL cluster already initialised and migrated, as
 * `npm start` leaves it after its first start: the browser tests each start a fresh server, and
 * initdb and the migrations were most of that start (about 4 s and 1.5 s of a 7 s start at load
 * 10). The cluster is made once per run, by the first test that needs it (the others wait for
 * it), and copied with its owner and modes kept (as root, PostgreSQL runs as another account).
 * What the server does at every start still happens at its own (the admin, the secrets, its
 * migrations, which find nothing left to apply). The first start on an empty DATA_DIR is tested
 * as it is by tests/smoke.
 */
export async function copyPreparedCluster(dataDir: string): Promise<void> {
  const prepared = await preparedCluster();
  await run('cp', ['-a', path.join(prepared, 'postgres'), path.join(prepared, 'postgres-password'), dataDir]);
}

async function preparedCluster(): Promise<string> {
  const root = inject('runDir');
  const dataDir = path.join(root, 'cluster');
  const ready = path.join(root, 'cluster-ready');
  if (existsSync(ready)) return dataDir;
  await holdingLock(path.join(root, 'cluster.lock'), async () => {
    if (existsSync(ready)) return;
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
    const db = createKysely<any>(createPool({ connectionString: server.connectionString, max: 2, applicationName: 'tests' }));
    try {
      await migrateToLatest(db, allMigrations);
    } finally {
      await db.destroy();
      await server.stop();
    }
    await writeFile(ready, '');
  });
  return dataDir;
}
