/**
 * When statement lines are matched to orders (decision 0032): after a statement is imported (its
 * new lines), after an order is given a bank reference (a buy's proof, a sell's payout UTR), and
 * by a sweep every few minutes that catches whatever those missed (a job lost with its process, a
 * statement and a proof recorded at the same moment). Each job first waits for the read models to
 * hold what it matches: it fails, and is retried with backoff, until the projector has caught up.
 */
import type { Kysely } from 'kysely';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { presentText } from '@desk/machines/order/order-context';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { statementLinesHeld } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { referencesFiled } from '@desk/projections/read-models/payment-references/payment-references.queries';
import type { JobPayloads, JobQueue } from '../jobs/job-queue';
import { startPeriodicTask } from '../jobs/periodic-task';
import type { OrderStore } from '../orders/order-store';
import type { PaymentMatcher } from './payment-matcher';

/** Enough tries with backoff (1 + 2 + 4 + ... s) to outlast a projector catching up after a restart. */
const ATTEMPTS = 8;

/** An order event that gives the order a bank reference. */
const bringsBankReference = (event: OrderEvent): boolean =>
  (event.type === 'ProofSubmitted' && presentText(event.data.reference) !== null) ||
  (event.type === 'OrderCompleted' && presentText(event.data.bankUtr) !== null);

/** After such an event, the order's references are matched against the lines the desk holds, as a job. */
export function scheduleOrderMatch(queue: JobQueue): (event: OrderEvent, view: { orderId: string }) => Promise<void> {
  return async (event, view) => {
    if (!bringsBankReference(event)) return;
    try {
      await queue.add('reconciliation.match', { orderId: view.orderId }, { delayMs: 250, attempts: ATTEMPTS });
    } catch (error) {
      // The command succeeded; the sweep matches what this job would have.
      logger.warn('could not schedule matching', { orderId: view.orderId, error: (error as Error).message });
    }
  };
}

/** After an import that recorded new lines, they are matched, as a job. */
export async function scheduleStatementMatch(queue: JobQueue, statementId: string, newLines: number): Promise<void> {
  if (newLines === 0) return;
  try {
    await queue.add('reconciliation.match', { statementId, lines: newLines }, { delayMs: 250, attempts: ATTEMPTS });
  } catch (error) {
    logger.warn('could not schedule matching', { statementId, error: (error as Error).message });
  }
}

class NotProjectedYet extends Error {}

export function matchJob(matcher: PaymentMatcher, readModels: Kysely<ReadModelDatabase>, orders: OrderStore) {
  return async (job: JobPayloads['reconciliation.match']): Promise<void> => {
    if (job.statementId) {
      const held = await statementLinesHeld(readModels, job.statementId);
      if (held < (job.lines ?? 0)) throw new NotProjectedYet(`statement lines not projected yet (${held} of ${job.lines})`);
      const tally = await matcher.match({ statementId: job.statementId });
      logger.info('statement matched', { statementId: job.statementId, ...tally });
    }
    if (job.orderId) {
      const { view } = await orders.load(job.orderId);
      if (!view) return;
      if ((await referencesFiled(readModels, job.orderId)) === 0) throw new NotProjectedYet('the order’s references are not projected yet');
      await matcher.matchOrder(view);
    }
  };
}

/** Every `intervalMs`, every line no order holds whose reference some order carries is weighed again. */
export function startMatchingSweep(matcher: PaymentMatcher, intervalMs = 5 * 60_000) {
  const periodic = startPeriodicTask('matching sweep', intervalMs, () => matcher.match({}));
  return { sweepNow: () => matcher.match({}), stop: periodic.stop };
}
