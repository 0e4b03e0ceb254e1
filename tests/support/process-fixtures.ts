/**
 * The scaled-out shape as a vitest fixture (decision 0052): API processes and others (`projector`,
 * `worker`) started from their entry points against one fresh database and one Redis, once per file,
 * and stopped after its last test. What each multi-process test wrote in its beforeAll and afterAll.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'vitest';
import { createTestDatabase } from './test-database';
import { startTestRedis } from './redis-server';
import { startEntryPoint, type RunningChild } from './child-process';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface Processes {
  /** Each API process's address, in start order. */
  bases: string[];
  /** The processes' DATA_DIR (the SMS outbox is `outbox.jsonl` in it). */
  dataDir: string;
}

async function startProcesses(apis: number, others: string[], env: Record<string, string>, stops: (() => Promise<void>)[]): Promise<Processes> {
  const database = await createTestDatabase();
  stops.push(() => database.drop());
  const redis = await startTestRedis();
  stops.push(() => redis.stop());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-processes-'));
  stops.push(() => rm(dataDir, { recursive: true, force: true }));
  await chmod(dataDir, 0o755);
  const common = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMS_OUTBOX: path.join(dataDir, 'outbox.jsonl'),
    ...env,
  };
  const processes: RunningChild[] = [];
  stops.push(async () => {
    for (const p of processes) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
  const bases: string[] = [];
  for (let i = 0; i < apis; i++) {
    const port = await freePort();
    bases.push(`http://127.0.0.1:${port}`);
    processes.push(startEntryPoint('services/src/main/start-api.ts', [], { ...common, PORT: String(port) }));
  }
  for (const other of others) processes.push(startEntryPoint(`services/src/main/start-${other}.ts`, [], common));
  for (const base of bases) {
    await waitFor('the api', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${processes.map((p) => p.output()).join('\n---\n')}`);
    });
  }
  return { bases, dataDir };
}

/** A test API whose `processes` are `apis` API processes and `others`, with `env` (JWT_SECRET, ADMIN_PHONE, …). */
export function processesTestWith({ apis, others, env }: { apis: number; others: ('projector' | 'worker')[]; env: Record<string, string> }) {
  // vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  return test.extend('processes', { scope: 'file' }, async ({}, { onCleanup }) => {
    // Stopped in the reverse order of their start, also when a start fails.
    const stops: (() => Promise<void>)[] = [];
    const stopAll = async () => {
      for (const stop of stops.reverse()) await stop();
    };
    try {
      const started = await startProcesses(apis, others, env, stops);
      onCleanup(stopAll);
      return started;
    } catch (error) {
      await stopAll();
      throw error;
    }
  });
}
