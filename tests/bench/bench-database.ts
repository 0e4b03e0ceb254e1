import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, withDatabase } from '../../platform/src/db/embedded-postgres';
import { freePort } from '../support/free-port';

export interface BenchDatabase {
  url: string;
  describe: string;
  /** Another empty database on the same server, dropped with this one: for a floor that must not share the product's tables or notifications. */
  sibling(suffix: string): Promise<string>;
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
  /** One statement on the server's maintenance database (creating and dropping the bench's own), its rows. */
  const onServer = async <Row extends object = object>(statement: string): Promise<Row[]> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<Row>(statement)).rows;
    } finally {
      await client.end();
    }
  };
  const name = `bench_${Date.now()}`;
  await onServer(`create database ${name}`);
  const version = (await onServer<{ server_version: string }>('show server_version'))[0]!.server_version;
  const siblings: string[] = [];
  return {
    url: withDatabase(adminUrl, name),
    describe: `PostgreSQL ${version}${serverUrl ? '' : ' (embedded, fsync on)'}`,
    async sibling(suffix) {
      const sibling = `${name}_${suffix}`;
      await onServer(`create database ${sibling}`);
      siblings.push(sibling);
      return withDatabase(adminUrl, sibling);
    },
    async close() {
      for (const database of [name, ...siblings]) await onServer(`drop database if exists ${database} with (force)`);
      await stopServer();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
