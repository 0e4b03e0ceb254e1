import { logger } from '@desk/platform/logging/logger';

/**
 * Runs `task` every `intervalMs` in this process, one run at a time: a run still going when the
 * next is due is not doubled. A failed run is logged as "`name` failed" and the next one tries
 * again. The timer does not keep the process alive; `stop` waits for a run in progress.
 */
export function startPeriodicTask(name: string, intervalMs: number, task: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= task()
      .catch((error: Error) => logger.error(`${name} failed`, { error: error.message }))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
