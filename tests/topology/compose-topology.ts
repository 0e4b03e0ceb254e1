import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../platform/src/db/embedded-postgres';
import { freePort } from '../support/free-port';
import { cuttableHop, type Outage } from '../support/tcp-hop';
import { untilRedisAnswers } from '../support/redis-server';
import { testEnv } from '../support/test.env';
import { waitFor } from '../support/wait-for';
import { readComposeFile, type ComposeFile, type ComposeService } from './compose-file';
import { mountSecrets, valueOf, writeSecrets } from './compose-secrets';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { ensureServerBuild } from './server-build';

const root = path.resolve(import.meta.dirname, '../..');

/** One process of a service (one replica), started with the command and environment compose gives it. */
export interface ServiceProcess {
  service: string;
  replica: number;
  child: ChildProcess;
  env: Record<string, string>;
  output(): string;
  exited: Promise<number | null>;
}

export interface Topology {
  compose: ComposeFile;
  proxy: RoundRobinProxy;
  /** Each API replica's own base URL (the proxy's backends). */
  apis: string[];
  /** Each API replica's metrics URL. */
  metrics: string[];
  processes: ServiceProcess[];
  /** The application database, as the services reach it. */
  databaseUrl: string;
  /** Runs a one-off command with a service's environment (`docker compose run projector ...`). */
  runWith(service: string, command: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Everything every process wrote, for a failure's message. */
  output(): string;
  /**
   * The postgres service: its superuser's URL, a fast restart (`pg_ctl restart -m fast`: open
   * transactions roll back), and, with `databaseHop`, the network between it and the services
   * (`partition()`, then `restore()`).
   */
  postgres: { port: number; superuserUrl: string; restart(): Promise<void>; network: Outage | null };
  /** The redis service: stopped with `signal` and started again on its port, with its arguments and data directory. */
  redis: { port: number; restart(signal?: NodeJS.Signals): Promise<void> };
  /**
   * Starts a replica again with its command and environment once it has exited, as compose's
   * `restart: unless-stopped` would; the new process takes its place in `processes`.
   */
  restart(process: ServiceProcess): Promise<ServiceProcess>;
  /** Runs the replica's compose health check (`healthcheck.test`) with its environment: its exit code, null with no check. */
  healthcheck(process: ServiceProcess): Promise<number | null>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** What the operator's shell and .env give compose. */
  vars: Record<string, string>;
  /** Replicas per service where the file says otherwise (`docker compose up --scale api=2`). */
  scale?: Record<string, number>;
  /** The contents of the compose secrets' files (./secrets/<name>); a secret not here is read from the variable named like it. */
  secrets?: Record<string, string>;
  /**
   * Where the commands run: the image's /app made on this machine (`node scripts/runtime-stage.mjs
   * <dir>`: production dependencies only). Unset: this repository, its build made first if stale.
   */
  appDir?: string;
  /** The services reach PostgreSQL through a TCP hop that can be partitioned (tests/support/tcp-hop.ts); the test's own checks go straight to it. */
  databaseHop?: boolean;
}

const APP_SERVICES = ['api', 'projector', 'worker'];

/**
 * docker-compose.yml run as processes on this machine (no Docker engine here): PostgreSQL (the
 * embedded binaries as the server, with the role and database the postgres image would create),
 * redis-server with the service's own arguments, and every application service's command with its
 * interpolated environment. What differs from compose, because every replica shares one machine:
 * service hostnames in URLs point to 127.0.0.1 and the port of the process standing in for them;
 * each replica listens on its own ports; named volumes and secrets are directories and files. The
 * commands run the build the image holds (dist/server, built first when missing or stale).
 */
export async function startComposeTopology({ vars, scale = {}, secrets = {}, appDir, databaseHop = false }: TopologyOptions): Promise<Topology> {
  const compose = readComposeFile(path.join(root, 'docker-compose.yml'), vars);
  if (!appDir) await ensureServerBuild();
  const cwd = appDir ?? root;
  const work = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-topology-'));
  await chmod(work, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const processes: ServiceProcess[] = [];
  try {
    const secretFiles = await writeSecrets(compose, work, secrets, vars);
    const postgres = await startPostgresService(compose.services.postgres!, work, secretFiles);
    stops.push(() => postgres.server.stop());
    const redis = await startRedisService(compose.services.redis!, work);
    stops.push(() => redis.stop());
    const network = databaseHop ? await cuttableHop('127.0.0.1', postgres.port) : null;
    if (network) stops.push(() => network.close());
    const hosts: Record<string, number> = { postgres: network?.port ?? postgres.port, redis: redis.port };
    const volumes = new Map<string, string>();

    const apis: string[] = [];
    const metrics: string[] = [];
    for (const name of APP_SERVICES) {
      const service = compose.services[name]!;
      for (let replica = 1; replica <= (scale[name] ?? service.replicas); replica++) {
        const env = onThisMachine(service.environment, hosts);
        await mountVolumes(service, env, work, volumes);
        mountSecrets(service, env, secretFiles);
        if (env.HEALTH_PORT) env.HEALTH_PORT = String(await freePort());
        if (env.PORT) {
          env.PORT = String(await freePort());
          apis.push(`http://127.0.0.1:${env.PORT}`);
        }
        if (env.METRICS_PORT) {
          env.METRICS_PORT = String(await freePort());
          metrics.push(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
        }
        processes.push(startServiceProcess(service, replica, env, cwd));
      }
    }
    stops.push(() => stopAll(processes));
    const everything = () => processes.map((p) => `--- ${p.service}#${p.replica}\n${p.output()}`).join('\n');
    const healthcheck = (p: ServiceProcess) => {
      const check = compose.services[p.service]!.healthcheck;
      return check ? runOnce(check, p.env, cwd).then((run) => run.code) : Promise.resolve(null);
    };
    // `docker compose up --wait`: every replica's own health check passes.
    for (const p of processes) {
      await waitFor(
        `${p.service}#${p.replica} to be healthy`,
        async () => {
          // A service that exits while starting (a refused configuration) fails the start at once.
          const gone = processes.find((other) => other.child.exitCode !== null);
          if (gone) throw new Error(`${gone.service}#${gone.replica} exited with code ${gone.child.exitCode}`);
          const code = await healthcheck(p);
          if (code === 0 || code === null) return true;
          await new Promise((resolve) => setTimeout(resolve, 250));
          return false;
        },
        120_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${everything()}`);
      });
    }
    const proxy = await startRoundRobinProxy(apis);
    stops.push(proxy.close);

    const appEnv = (service: string) => processes.find((p) => p.service === service)!.env;
    return {
      compose,
      proxy,
      apis,
      metrics,
      processes,
      databaseUrl: straightTo(postgres.port, withPassword(appEnv('api').DATABASE_URL!, valueOf(appEnv('api'), 'DATABASE_PASSWORD'))),
      runWith: (service, command) => runOnce(command, appEnv(service), cwd),
      output: everything,
      postgres: {
        port: postgres.port,
        get superuserUrl() {
          return postgres.server.connectionString;
        },
        async restart() {
          await postgres.server.stop();
          postgres.server = await startEmbeddedPostgres({ dataDir: path.join(work, 'postgres-data'), port: postgres.port, fsync: false });
        },
        network,
      },
      redis: { port: redis.port, restart: (signal) => redis.restart(signal) },
      async restart(old) {
        await old.exited;
        const again = startServiceProcess(compose.services[old.service]!, old.replica, old.env, cwd);
        processes.splice(processes.indexOf(old), 1, again);
        return again;
      },
      healthcheck,
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** The postgres image's first start: POSTGRES_USER owns POSTGRES_DB and logs in with POSTGRES_PASSWORD (or the file POSTGRES_PASSWORD_FILE names). */
async function startPostgresService(
  service: ComposeService,
  work: string,
  secretFiles: Map<string, string>,
): Promise<{ server: EmbeddedPostgresHandle; port: number }> {
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(work, 'postgres-data'), port, fsync: false });
  const env = { ...service.environment };
  mountSecrets(service, env, secretFiles);
  const { POSTGRES_USER: user, POSTGRES_DB: database } = env;
  const password = valueOf(env, 'POSTGRES_PASSWORD');
  const admin = new pg.Client({ connectionString: server.connectionString });
  await admin.connect();
  try {
    await admin.query(`create role "${user}" login password '${password!.replace(/'/g, "''")}'`);
    await admin.query(`create database "${database}" owner "${user}"`);
  } finally {
    await admin.end();
  }
  return { server, port };
}

/** redis-server with the service's own arguments (append-only, noeviction), on a free loopback port. */
async function startRedisService(
  service: ComposeService,
  work: string,
): Promise<{ port: number; stop: (signal?: NodeJS.Signals) => Promise<void>; restart: (signal?: NodeJS.Signals) => Promise<void> }> {
  const port = await freePort();
  const dir = path.join(work, 'redis-data');
  await mkdir(dir, { recursive: true });
  const [program, ...args] = service.command;
  const run = async () => {
    const started = spawn(program!, [...args, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir], { stdio: 'ignore' });
    await untilRedisAnswers(`redis://127.0.0.1:${port}`);
    return started;
  };
  let child = await run();
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    child.kill(signal);
    await exited;
  };
  return {
    port,
    stop,
    async restart(signal) {
      await stop(signal);
      child = await run();
    },
  };
}

/** The URL on the server's own port (not through the hop): the test's checks are not the services' network. */
function straightTo(port: number, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.port = String(port);
  return url.toString();
}

/** The URL with the password the application puts in it (DATABASE_PASSWORD_FILE), for a client of the test's own. */
function withPassword(databaseUrl: string, password: string | undefined): string {
  if (password === undefined) return databaseUrl;
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** URLs naming a compose service (`@postgres:5432`, `redis://redis:6379`) point at the process standing in for it. */
function onThisMachine(environment: Record<string, string>, hosts: Record<string, number>): Record<string, string> {
  const names = Object.keys(hosts).join('|');
  const serviceUrl = new RegExp(`(//(?:[^@/\\s]*@)?)(${names}):\\d+`, 'g');
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      value.replace(serviceUrl, (_, prefix: string, host: string) => `${prefix}127.0.0.1:${hosts[host]}`),
    ]),
  );
}

/** A named volume (`app-data:/data`) is one directory shared by every service that mounts it; paths in the environment follow. */
async function mountVolumes(service: ComposeService, env: Record<string, string>, work: string, volumes: Map<string, string>): Promise<void> {
  for (const volume of service.volumes) {
    const [name, target] = volume.split(':');
    if (!name || !target) continue;
    if (!volumes.has(name)) {
      const dir = path.join(work, 'volumes', name);
      await mkdir(dir, { recursive: true });
      volumes.set(name, dir);
    }
    for (const [key, value] of Object.entries(env)) {
      if (value === target || value.startsWith(`${target}/`)) env[key] = volumes.get(name)! + value.slice(target.length);
    }
  }
}

function startServiceProcess(service: ComposeService, replica: number, serviceEnv: Record<string, string>, cwd: string): ServiceProcess {
  const env = { PATH: testEnv.PATH, HOME: testEnv.HOME, ...serviceEnv };
  const [program, ...args] = service.command;
  // Its own process group: stopping the service stops whatever its command started.
  const child = spawn(program!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { service: service.name, replica, child, env, output: () => output, exited };
}

async function stopAll(processes: ServiceProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      signalGroup(p.child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(p.child, 'SIGKILL'), 20_000);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

function runOnce(command: string[], serviceEnv: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [program, ...args] = command;
  const child = spawn(program!, args, { cwd, env: { PATH: testEnv.PATH, HOME: testEnv.HOME, ...serviceEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
