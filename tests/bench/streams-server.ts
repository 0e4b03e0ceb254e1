import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEntryPoint, type RunningChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { startRecordingServer } from '../support/recording-http-server';
import { waitFor } from '../support/wait-for';
import { benchEnv } from './bench.env';
import { call } from './http-client';

export const STREAMS_JWT_SECRET = 'stream-bench-secret-stream-bench-secret-1';

export interface StreamsServer {
  base: string;
  /** The API process alone: its CPU and memory are the figures (the projector runs in a process of its own). */
  api: RunningChild;
  projector: RunningChild;
  /** The API's metrics endpoint (prom-client's: heap, event-loop delay). */
  metricsUrl: string;
  /** The API's resident memory and V8 heap in use, from /proc and its metrics endpoint (their least over two seconds). */
  memory(): Promise<{ rssBytes: number; heapUsedBytes: number }>;
  stop(): Promise<void>;
}

/** VmRSS of a process, in bytes. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * One API process (`start:api`) and one projector process (`start:projector`) on the bench's
 * database, as a scaled-out deployment runs them: the streams are the API's alone, and the orders
 * projection that feeds them works in another process, so neither its CPU nor the bench client's is
 * counted as the API's. No REDIS_URL: the stream tickets and slots live in the API's memory, as on
 * a single-API desk. Production settings, as the orders bench.
 */
export async function startStreamsServer(databaseUrl: string): Promise<StreamsServer> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-bench-streams-'));
  await chmod(dataDir, 0o755);
  // Rejections tell the customer by SMS: the stand-in gateway takes them.
  const gateway = await startRecordingServer();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: benchEnv.BENCH_SERVER_LOG_LEVEL,
    NODE_ENV: 'production',
  };
  const api = startEntryPoint(
    'services/src/main/start-api.ts',
    [],
    {
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      JWT_SECRET: STREAMS_JWT_SECRET,
      AUDIT_SIGNING_KEY: Buffer.from(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' })).toString('base64'),
      ADMIN_PHONE: '+919000000009',
      ADMIN_PASSWORD: 'bench-admin-password',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      // Every stream comes from this one address, where a desk's come from thousands (decision 0045's limit is per address).
      RATE_LIMIT_STREAM_PER_MINUTE: '100000000',
    },
    benchEnv.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean),
  );
  const ready = async (what: string, check: () => Promise<boolean>) =>
    waitFor(what, check, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}; API output:\n${api.output()}`);
    });
  await ready('the API', () =>
    call(base, 'GET', '/api/health').then(
      () => true,
      () => false,
    ),
  );
  // Started after the API has migrated the database, so the two do not race to.
  const projector = startEntryPoint('services/src/main/start-projector.ts', [], env);
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const metric = async (name: string): Promise<number> => {
    const text = await fetch(metricsUrl).then((r) => r.text());
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  };
  return {
    base,
    api,
    projector,
    metricsUrl,
    // The least of twenty samples over two seconds: the heap in use swings with each collection, and its low points are what the streams hold.
    async memory() {
      let least = { rssBytes: Infinity, heapUsedBytes: Infinity };
      for (let i = 0; i < 20; i++) {
        const [rssBytes, heapUsedBytes] = await Promise.all([residentBytes(api.child.pid!), metric('nodejs_heap_size_used_bytes')]);
        least = { rssBytes: Math.min(least.rssBytes, rssBytes), heapUsedBytes: Math.min(least.heapUsedBytes, heapUsedBytes) };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return least;
    },
    async stop() {
      for (const child of [projector, api]) {
        child.child.kill('SIGTERM');
        await child.exited;
      }
      await gateway.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
