import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../platform/src/db/embedded-postgres';
import { freePort } from './free-port';
import { testEnv } from './test.env';
import { dropTemplateDatabase } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to the test server; each test file creates its own database on it. */
    pgAdminUrl: string;
    /**
     * A directory for what this run's workers make once and share (prepared-cluster.ts's cluster,
     * test-database.ts's migrated template), removed when the run ends.
     */
    runDir: string;
  }
}

/** One PostgreSQL for the whole run: TEST_DATABASE_URL, or an embedded server in a temporary directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Filled on first use, by whichever test needs a piece first; nothing in it until then.
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-run-'));
  await chmod(runDir, 0o755);
  project.provide('runDir', runDir);
  if (testEnv.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', testEnv.TEST_DATABASE_URL);
    return async () => {
      await dropTemplateDatabase(runDir, testEnv.TEST_DATABASE_URL!);
      await rm(runDir, { recursive: true, force: true });
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-test-'));
  // mkdtemp makes the directory private; as root, PostgreSQL runs as another user and must enter it.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: false });
  project.provide('pgAdminUrl', server.connectionString);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(runDir, { recursive: true, force: true });
  };
}
