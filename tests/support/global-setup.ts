import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../platform/src/db/embedded-postgres';
import { freePort } from './free-port';
import { testEnv } from './test.env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to the test server; each test file creates its own database on it. */
    pgAdminUrl: string;
    /** An empty directory for this run's prepared cluster (prepared-cluster.ts), removed when the run ends. */
    preparedClusterDir: string;
  }
}

/** One PostgreSQL for the whole run: TEST_DATABASE_URL, or an embedded server in a temporary directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Made on first use by the browser tests' servers (prepared-cluster.ts); nothing in it until then.
  const preparedCluster = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-cluster-'));
  await chmod(preparedCluster, 0o755);
  project.provide('preparedClusterDir', preparedCluster);
  const removePrepared = () => rm(preparedCluster, { recursive: true, force: true });
  if (testEnv.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', testEnv.TEST_DATABASE_URL);
    return removePrepared;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-test-'));
  // mkdtemp makes the directory private; as root, PostgreSQL runs as another user and must enter it.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
  project.provide('pgAdminUrl', server.connectionString);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await removePrepared();
  };
}
