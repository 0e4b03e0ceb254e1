import pg from 'pg';
import { logger } from '../../shared/logger';

const CHANNEL = 'es_appended';
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Holds one LISTEN connection and calls `listener` on every es_appended notification. A dropped
 * connection is re-opened with backoff and `listener` is called once on reconnect, since appends
 * made while it was down sent their notifications to nobody.
 */
export async function listenForAppends(connectionString: string, listener: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = 100;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', () => listener());
    next.on('error', (error) => {
      logger.warn('append listener lost its connection', { error: error.message });
      scheduleReconnect(next);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    delay = 100;
  };

  const scheduleReconnect = (broken: pg.Client): void => {
    if (stopped || client !== broken || retryTimer) return;
    client = null;
    broken.end().catch(() => undefined);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect()
        .then(() => listener())
        .catch((error: Error) => {
          logger.warn('append listener could not reconnect', { error: error.message });
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          client = new pg.Client({ connectionString });
          scheduleReconnect(client);
        });
    }, delay);
  };

  await connect();

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
