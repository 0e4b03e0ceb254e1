import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../platform/src/db/embedded-postgres';
import { freePort } from '../support/free-port';
import { untilRedisAnswers } from '../support/redis-server';
import { testEnv } from '../support/test.env';
import { waitFor } from '../support/wait-for';
import { readComposeFile, type ComposeFile, type ComposeService } from './compose-file';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

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
  /** The postgres service: its superuser's URL, and a fast restart (`pg_ctl restart -m fast`: open transactions roll back). */
  postgres: { port: number; superuserUrl: string; restart(): Promise<void> };
  /** The redis service: stopped with `signal` and started again on its port, with its arguments and data directory. */
  redis: { port: number; restart(signal?: NodeJS.Signals): Promise<void> };
  /**
   * Starts a replica again with its command and environment once it has exited, as compose's
   * `restart: unless-stopped` would; the new process takes its place in `processes`.
   */
  restart(process: ServiceProcess): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** What the operator's shell and .env give compose. */
  vars: Record<string, string>;
  /** Replicas per service where the file says otherwise (`docker compose up --scale api=2`). */
  scale?: Record<string, number>;
}

const APP_SERVICES = ['api', 'projector', 'worker'];

/**
 * docker-compose.yml run as processes on this machine (no Docker engine here): PostgreSQL (the
 * embedded binaries as the server, with the role and database the postgres image would create),
 * redis-server with the service's own arguments, and every application service's command with its
 * interpolated environment. What differs from compose, because every replica shares one machine:
 * service hostnames in URLs point to 127.0.0.1 and the port of the process standing in for them;
 * each replica listens on its own ports; named volumes are directories.
 */
export async function startComposeTopology({ vars, scale = {} }: TopologyOptions): Promise<Topology> {
  const compose = readComposeFile(path.join(root, 'docker-compose.yml'), vars);
  const work = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-topology-'));
  await chmod(work, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const processes: ServiceProcess[] = [];
  try {
    const postgres = await startPostgresService(compose.services.postgres!, work);
    stops.push(() => postgres.server.stop());
    const redis = await startRedisService(compose.services.redis!, work);
    stops.push(() => redis.stop());
    const hosts: Record<string, number> = { postgres: postgres.port, redis: redis.port };
    const volumes = new Map<string, string>();

    const apis: string[] = [];
    const metrics: string[] = [];
    for (const name of APP_SERVICES) {
      const service = compose.services[name]!;
      for (let replica = 1; replica <= (scale[name] ?? service.replicas); replica++) {
        const env = onThisMachine(service.environment, hosts);
        await mountVolumes(service, env, work, volumes);
        if (env.PORT) {
          env.PORT = String(await freePort());
          apis.push(`http://127.0.0.1:${env.PORT}`);
        }
        if (env.METRICS_PORT) {
          env.METRICS_PORT = String(await freePort());
          metrics.push(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
        }
        processes.push(startServiceProcess(service, replica, env));
      }
    }
    stops.push(() => stopAll(processes));
    const everything = () => processes.map((p) => `--- ${p.service}#${p.replica}\n${p.output()}`).join('\n');
    for (const api of apis) {
      await waitFor(
        `the api at ${api}`,
        async () => {
          // A service that exits while starting (a refused configuration) fails the start at once.
          const gone = processes.find((p) => p.child.exitCode !== null);
          if (gone) throw new Error(`${gone.service}#${gone.replica} exited with code ${gone.child.exitCode}`);
          return (await fetch(`${api}/api/health`).catch(() => null))?.ok;
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
      databaseUrl: appEnv('api').DATABASE_URL!,
      runWith: (service, command) => runOnce(command, appEnv(service)),
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
      },
      redis: { port: redis.port, restart: (signal) => redis.restart(signal) },
      async restart(old) {
        await old.exited;
        const again = startServiceProcess(compose.services[old.service]!, old.replica, old.env);
        processes.splice(processes.indexOf(old), 1, again);
        return again;
      },
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

/** The postgres image's first start: POSTGRES_USER owns POSTGRES_DB and logs in with POSTGRES_PASSWORD. */
async function startPostgresService(service: ComposeService, work: string): Promise<{ server: EmbeddedPostgresHandle; port: number }> {
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(work, 'postgres-data'), port, fsync: false });
  const { POSTGRES_USER: user, POSTGRES_PASSWORD: password, POSTGRES_DB: database } = service.environment;
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

function startServiceProcess(service: ComposeService, replica: number, serviceEnv: Record<string, string>): ServiceProcess {
  const env = { PATH: testEnv.PATH, HOME: testEnv.HOME, ...serviceEnv };
  const [program, ...args] = service.command;
  // Its own process group: stopping the service stops npm and the node process under it.
  const child = spawn(program!, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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

function runOnce(command: string[], serviceEnv: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [program, ...args] = command;
  const child = spawn(program!, args, { cwd: root, env: { PATH: testEnv.PATH, HOME: testEnv.HOME, ...serviceEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
