import { logger } from '../logging/logger';

/** Runs `stop` once on SIGINT or SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info('shutting down', { signal });
    stop()
      .then(() => process.exit(0))
      .catch((error: Error) => {
        logger.error('shutdown failed', { error: error.message });
        process.exit(1);
      });
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
