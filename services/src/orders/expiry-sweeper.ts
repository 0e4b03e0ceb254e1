import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { asDomainError } from '../http/domain-refusals';
import { logger } from '@desk/platform/logging/logger';
import type { OrderCommands } from './order-commands';
import { overdueOrderIds } from '@desk/projections/read-models/orders/orders.queries';
import { startPeriodicTask } from '../jobs/periodic-task';

const BATCH = 100;

/**
 * Expires unpaid orders once their payment window has passed: every `intervalMs` it asks the read
 * model which pending orders without proof are overdue and sends each the expire command as the
 * system. The machine decides again from the order's own stream, so an order that got proof or was
 * acted on meanwhile is simply refused, and two API processes sweeping at once are harmless.
 */
export function startExpirySweeper(db: Kysely<ReadModelDatabase>, commands: OrderCommands, intervalMs = 30_000) {
  const sweep = async (now = new Date()) => {
    for (const id of await overdueOrderIds(db, now, BATCH)) {
      try {
        await commands.expire(id, 'expiry-sweeper', now);
        logger.info('order expired', { orderId: id });
      } catch (error) {
        // Refused (paid or acted on meanwhile, or the timer job got there first): nothing to do.
        if (asDomainError(error) === null) throw error;
      }
    }
  };
  const periodic = startPeriodicTask('expiry sweep', intervalMs, () => sweep());
  return { sweepNow: sweep, stop: periodic.stop };
}
