import type { EventStore } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { CustomerLimits } from './customer-limits';
import { orderStream } from './order-store';

export interface OrphanClaimOptions {
  intervalMs?: number;
  /** A claim younger than this may still have its append in flight: left alone. */
  graceMs?: number;
  /** How far back each sweep looks. */
  lookBackMs?: number;
  /** Claims checked per sweep, oldest first. */
  batch?: number;
}

/**
 * Gives up claims whose orders were never recorded. A claim is recorded just before its order's
 * append; a crash between the two (or a failed append whose release could not reach the database)
 * leaves a claim that would count against the customer's limits for 30 days. Every `intervalMs`
 * this takes the claims of the last day, past the grace period, that the lists do not show, and
 * releases each whose order has no stream in the event store: the store decides, because the lists
 * may lag or be rebuilding. Two API processes sweeping at once are harmless: a release removes a
 * claim once. A claim orphaned while no API process ran for a whole day still counts, on the safe
 * side.
 */
export function startOrphanClaimSweeper(store: EventStore, claims: CustomerLimits, options: OrphanClaimOptions = {}) {
  const { intervalMs = 10 * 60_000, graceMs = 15 * 60_000, lookBackMs = 24 * 3_600_000, batch = 100 } = options;
  let running: Promise<number> | null = null;
  const sweep = async (now = new Date()): Promise<number> => {
    let released = 0;
    for (const orderId of await claims.unshown(new Date(now.getTime() - lookBackMs), new Date(now.getTime() - graceMs), batch)) {
      if ((await store.readStream(orderStream(orderId), { maxCount: 1 })).length > 0) continue;
      await claims.release(orderId);
      released += 1;
      logger.warn('claim released: its order was never recorded', { orderId });
    }
    return released;
  };
  const timer = setInterval(() => {
    running ??= sweep(new Date())
      .catch((error: Error) => {
        logger.error('orphan claim sweep failed', { error: error.message });
        return 0;
      })
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    sweepNow: sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
