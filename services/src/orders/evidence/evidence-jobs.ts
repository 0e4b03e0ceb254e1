import type { OrderEvent } from '@desk/machines/order/order.events';
import { logger } from '@desk/platform/logging/logger';
import type { JobQueue } from '../../jobs/job-queue';
import { asDomainError } from '../../http/domain-refusals';
import type { EvidenceCheck } from './evidence-check';

/** Events that bring payment evidence onto an order: a proof, the desk's crypto transaction or payout UTR. */
const BRINGS_EVIDENCE = new Set<OrderEvent['type']>(['ProofSubmitted', 'CryptoSent', 'OrderCompleted']);

/** After such an event, the order's evidence is checked against the brand's other orders, as a job. */
export function scheduleEvidenceCheck(queue: JobQueue): (event: OrderEvent, view: { orderId: string }) => Promise<void> {
  return async (event, view) => {
    if (!BRINGS_EVIDENCE.has(event.type)) return;
    try {
      await queue.add('order.evidence', { orderId: view.orderId }, { attempts: 3 });
    } catch (error) {
      // The command succeeded; a missed check leaves a duplicate unflagged, and the next evidence on the order checks again.
      logger.warn('could not schedule the evidence check', { orderId: view.orderId, error: (error as Error).message });
    }
  };
}

/** The job: a refusal (the order moved on meanwhile) is not a failure; anything else is retried. */
export function evidenceCheckJob(check: EvidenceCheck) {
  return async ({ orderId }: { orderId: string }) => {
    try {
      await check.check(orderId);
    } catch (error) {
      if (asDomainError(error) === null) throw error;
    }
  };
}
