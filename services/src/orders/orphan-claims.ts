import type { EventStore } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { CustomerLimits, UnshownClaim } from './customer-limits';
import { orderStream } from './order-store';
import { startPeriodicTask } from '../jobs/periodic-task';

export interface OrphanClaimOptions {
  intervalMs?: number;
  /** A claim younger than this may still have its append in flight: left alone. */
  graceMs?: number;
  /** How far back each sweep looks. */
  lookBackMs?: number;
  /** Claims read per page, oldest first. */
  batch?: number;
  /** Claims checked against the event store per sweep, at most. */
  maxChecks?: number;
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
  const { intervalMs = 10 * 60_000, graceMs = 15 * 60_000, lookBackMs = 24 * 3_600_000, batch = 100, maxChecks = 1_000 } = options;
  const sweep = async (now = new Date()): Promise<number> => {
    const from = new Date(now.getTime() - lookBackMs);
    const to = new Date(now.getTime() - graceMs);
    let released = 0;
    let checked = 0;
    // Page by page: with the lists behind (a projector down, a rebuild), the oldest unshown claims
    // are recorded orders, and a single page of them would hide the orphans after it.
    for (let after: UnshownClaim | null = null; checked < maxChecks;) {
      const page = await claims.unshown(from, to, Math.min(batch, maxChecks - checked), after);
      for (const { orderId } of page) {
        checked += 1;
        if ((await store.readStream(orderStream(orderId), { maxCount: 1 })).length > 0) continue;
        await claims.release(orderId);
        released += 1;
        logger.warn('claim released: its order was never recorded', { orderId });
      }
      if (page.length < batch) break;
      after = page[page.length - 1]!;
    }
    return released;
  };
  const periodic = startPeriodicTask('orphan claim sweep', intervalMs, () => sweep());
  return { sweepNow: sweep, stop: periodic.stop };
}
