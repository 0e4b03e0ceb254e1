import pg from 'pg';
import { logger } from '../logging/logger';

const MAX_RECONNECT_DELAY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface ListenOptions {
  /**
   * The connection dropped: notifications sent from now until the next listener call (made on
   * reconnect, without a payload) reach nobody. For whoever must know they may have missed one.
   */
  onLost?: () => void;
  /**
   * Ask the server something this often, and take a connection that does not answer within the
   * same time as lost. A connection dropped without a reset (a NAT's or firewall's idle timeout)
   * otherwise goes unnoticed, since a listening client never writes. Off by default.
   */
  heartbeatMs?: number;
  /** The connection answered (on connecting, and on every heartbeat): nothing was missed until now. */
  onAlive?: () => void;
}

/**
 * Holds one LISTEN connection on `channel` and calls `listener` with each notification's payload.
 * A dropped connection is re-opened with backoff, and `listener` is called once on reconnect with
 * no payload, since whatever was notified while it was down reached nobody. Resolves once
 * listening; the result stops it, and nothing is called after it has.
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
  let heartbeat: NodeJS.Timeout | null = null;
  let delay = 100;

  const connect = async (): Promise<void> => {
    // A connect or LISTEN that hangs (a silent network) fails in time and is tried again.
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (!stopped && client === next) listener(message.payload);
    });
    next.on('error', (error) => {
      if (stopped) return;
      logger.warn('LISTEN connection lost', { channel, error: error.message });
      reconnectLater(next);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Connected but not listening, or not connected at all: nothing of it is kept.
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = 100;
    options.onAlive?.();
  };

  const beat = async (): Promise<void> => {
    const current = client;
    if (stopped || !current || !options.heartbeatMs) return;
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), options.heartbeatMs).unref());
    const answer = await Promise.race([current.query('select 1').then(() => 'ok' as const), timeout]).catch(() => 'failed' as const);
    if (stopped || client !== current) return;
    if (answer === 'ok') return options.onAlive?.();
    logger.warn('LISTEN connection did not answer; reconnecting', { channel, answer });
    reconnectLater(current);
  };

  const reconnectLater = (broken: pg.Client | null): void => {
    if (stopped || retryTimer || (broken && client !== broken)) return;
    if (broken) options.onLost?.();
    client = null;
    broken?.end().catch(() => undefined);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect()
        .then(() => {
          if (!stopped) listener();
        })
        .catch((error: Error) => {
          logger.warn('LISTEN reconnect failed', { channel, error: error.message });
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          reconnectLater(null);
        });
    }, delay);
  };

  await connect();
  if (options.heartbeatMs) {
    heartbeat = setInterval(() => void beat(), options.heartbeatMs);
    heartbeat.unref();
  }

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    if (heartbeat) clearInterval(heartbeat);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
