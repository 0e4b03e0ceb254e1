import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, withDatabase } from '../../platform/src/db/embedded-postgres';
import { freePort } from '../support/free-port';

export interface BenchDatabase {
  url: string;
  describe: string;
  close(): Promise<void>;
}

/** A fresh database for one bench run: on BENCH_DATABASE_URL's server, or an embedded server with fsync on. */
export async function openBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  let stopServer: () => Promise<void> = async () => {};
  let adminUrl = serverUrl;
  let dataDir: string | null = null;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-bench-'));
    await chmod(dataDir, 0o755);
    // pg_stat_statements lets the orders bench count the statements each placed order costs, and their planning time.
    const settings = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' };
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), fsync: true, settings });
    adminUrl = server.connectionString;
    stopServer = server.stop;
  }
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    describe: `PostgreSQL ${version}${serverUrl ? '' : ' (embedded, fsync on)'}`,
    async close() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await stopServer();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
