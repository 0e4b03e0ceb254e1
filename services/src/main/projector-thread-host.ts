import { Worker } from 'node:worker_threads';
import { logger } from '@desk/platform/logging/logger';

export interface ProjectorThread {
  stop(): Promise<void>;
}

/**
 * A worker thread does not inherit the TypeScript loader the process was started with (`--import
 * tsx`): the thread's first lines register it, then load the entry point.
 */
const THREAD_MAIN = `
  import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
  register();
  await import(${JSON.stringify(new URL('./projector-thread.ts', import.meta.url).href)});`;

/** A thread that died is started again after this long (its events wait in the log meanwhile). */
const RESTART_DELAY_MS = 1_000;

/**
 * Runs the projection workers on their own thread (projector-thread.ts), against the database the
 * main thread opened. On the main thread they took turns with every request: while orders were
 * placed, the read models fell behind by a few hundred milliseconds, and the requests waited on the
 * projections' work too (docs/performance.md). A thread that dies is logged and started again; one
 * that cannot start fails this call.
 */
export async function startProjectorThread(connectionString: string): Promise<ProjectorThread> {
  let stopping = false;
  /** The running thread's end; settled while a restart waits. */
  let exited: Promise<unknown> = Promise.resolve();
  let current: Worker | null = null;
  // Only a thread that ran is started again: one that cannot start at all fails the process's start.
  let ran = false;
  const launch = () =>
    new Promise<void>((started, failed) => {
      // The URL the main thread opened carries its password (DATABASE_PASSWORD_FILE read): the thread is given it alone.
      const { DATABASE_PASSWORD: _password, DATABASE_PASSWORD_FILE: _passwordFile, ...env } = process.env;
      const worker = new Worker(THREAD_MAIN, { eval: true, env: { ...env, DATABASE_URL: connectionString } });
      current = worker;
      exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.once('message', () => {
        ran = true;
        started();
      });
      worker.once('error', (error) => {
        logger.error('projector thread failed', { error: error.message });
        failed(error);
      });
      worker.once('exit', (code) => {
        current = null;
        if (!ran) failed(new Error(`the projector thread ended (code ${code}) before it started`));
        if (stopping || !ran) return;
        logger.error('projector thread exited; starting it again', { code, inMs: RESTART_DELAY_MS });
        setTimeout(() => {
          if (!stopping) launch().catch(() => undefined);
        }, RESTART_DELAY_MS);
      });
    });
  await launch();
  return {
    async stop() {
      stopping = true;
      current?.postMessage('stop');
      await exited;
    },
  };
}
