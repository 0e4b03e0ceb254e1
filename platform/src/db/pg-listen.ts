import pg from 'pg';
import { logger } from '../logging/logger';

const MAX_RECONNECT_DELAY_MS = 5_000;

export interface ListenOptions {
  /**
   * The connection dropped: notifications sent from now until the next listener call (made on
   * reconnect, without a payload) reach nobody. For whoever must know they may have missed one.
   */
  onLost?: () => void;
}

/**
 * Holds one LISTEN connection on `channel` and calls `listener` with each notification's payload.
 * A dropped connection is re-opened with backoff, and `listener` is called once on reconnect with
 * no payload, since whatever was notified while it was down reached nobody. Resolves once
 * listening; the result stops it.
 */
export async function listenToChannel(
  connectionString: string,
  channel: string,
  listener: (payload?: string) => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = 100;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => listener(message.payload));
    next.on('error', (error) => {
      if (stopped) return;
      logger.warn('LISTEN connection lost', { channel, error: error.message });
      reconnectLater(next);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = 100;
  };

  const reconnectLater = (broken: pg.Client | null): void => {
    if (stopped || retryTimer || (broken && client !== broken)) return;
    if (broken) options.onLost?.();
    client = null;
    broken?.end().catch(() => undefined);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect()
        .then(() => listener())
        .catch((error: Error) => {
          logger.warn('LISTEN reconnect failed', { channel, error: error.message });
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          reconnectLater(null);
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
