import type { OrderEvent } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import type { JobQueue } from '../jobs/job-queue';
import { asDomainError } from '../http/domain-refusals';
import { logger } from '@desk/platform/logging/logger';
import type { OrderCommands } from './order-commands';

const jobId = (orderId: string) => `expire-${orderId}`;

/**
 * The job is due a moment after the window ends: BullMQ times delays by its own clock (Redis's and
 * this process's differ by milliseconds), and a job a millisecond early is refused by the machine
 * and only expires the order on its retry.
 */
const AFTER_WINDOW_MS = 250;

/**
 * The order machine's payment-window timeout as a delayed job: scheduled when an order is placed,
 * removed once it can no longer expire (proof arrived, or it moved on). A job that fires anyway is
 * harmless: the expire command is decided against the order's stream and simply refused.
 */
export function scheduleExpiry(queue: JobQueue): (event: OrderEvent, view: OrderView) => Promise<void> {
  return async (event, view) => {
    try {
      if (event.type === 'OrderPlaced') {
        const delayMs = Math.max(0, Date.parse(view.paymentDueAt) - Date.now()) + AFTER_WINDOW_MS;
        await queue.add('order.expire', { orderId: view.orderId }, { delayMs, jobId: jobId(view.orderId), attempts: 3 });
      } else if (view.status !== 'pending' || view.proofCount > 0) {
        await queue.remove(jobId(view.orderId));
      }
    } catch (error) {
      // The sweep expires the order if the job could not be scheduled; the command itself succeeded.
      logger.warn('could not schedule order expiry', { orderId: view.orderId, error: (error as Error).message });
    }
  };
}

/** The job: expire the order if the machine still allows it; refusals (it moved on) are expected. */
export function expireOrderJob(commands: OrderCommands) {
  return async ({ orderId }: { orderId: string }) => {
    try {
      await commands.expire(orderId, 'order-expiry-job');
    } catch (error) {
      // A refusal (the machine's or the API's) means the order moved on: expected, not a failure.
      if (asDomainError(error) === null) throw error;
    }
  };
}
