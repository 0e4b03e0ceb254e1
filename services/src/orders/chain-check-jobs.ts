/**
 * When an order's transaction is read on the chain (issue 28): after a sell's proof names the
 * customer's transaction, and after a buy's payout is recorded; then again while the chain cannot
 * tell yet (pending, confirming, not found, the node down), less often as time goes by, for up to
 * three days after the order was placed. Each reading is recorded when it says something new
 * (order.decide.ts `RecordChainCheck`).
 */
import type { OrderEvent } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { presentText } from '@desk/machines/order/order-context';
import type { ChainCheckState } from '@desk/machines/chain/chain-check';
import { logger } from '@desk/platform/logging/logger';
import type { JobPayloads, JobQueue } from '../jobs/job-queue';
import type { OrderCommands } from './order-commands';

/** States the chain may still change: read again later. */
const UNSETTLED: ReadonlySet<ChainCheckState> = new Set(['pending', 'confirming', 'not_found', 'unavailable']);
/** How long after placing an order its transaction is still read again. */
const KEEP_READING_MS = 3 * 24 * 3_600_000;
const FIRST_READ_MS = 5_000;
const MAX_GAP_MS = 30 * 60_000;

/** An event that names a transaction to read: a sell's proof with its hash, a buy's payout. */
const namesTransaction = (event: OrderEvent, view: Pick<OrderView, 'orderType'>): boolean =>
  (event.type === 'ProofSubmitted' && view.orderType === 'crypto_to_fiat' && presentText(event.data.reference) !== null) ||
  (event.type === 'CryptoSent' && view.orderType === 'fiat_to_crypto') ||
  (event.type === 'OrderCompleted' && view.orderType === 'fiat_to_crypto' && presentText(event.data.cryptoReference) !== null);

/** `reads`: whether the network's transfers are read at all: a desk with no node configured schedules nothing. */
export function scheduleChainCheck(
  queue: JobQueue,
  reads: (network: OrderView['network']) => boolean,
): (event: OrderEvent, view: Pick<OrderView, 'orderId' | 'orderType' | 'network'>) => Promise<void> {
  return async (event, view) => {
    if (!namesTransaction(event, view) || !reads(view.network)) return;
    try {
      await queue.add('chain.check', { orderId: view.orderId, round: 0 }, { delayMs: FIRST_READ_MS, attempts: 3 });
    } catch (error) {
      logger.warn('could not schedule the chain check', { orderId: view.orderId, error: (error as Error).message });
    }
  };
}

export function chainCheckJob(commands: OrderCommands, queue: JobQueue, now = () => Date.now()) {
  return async ({ orderId, round }: JobPayloads['chain.check']): Promise<void> => {
    const view = await commands.recordChainCheck(orderId);
    const state = view?.chainCheck?.check.state;
    if (!view || !state || !UNSETTLED.has(state)) return;
    if (now() - Date.parse(view.placedAt) > KEEP_READING_MS) return;
    // 10 s, 20 s, 40 s, ... at most half an hour apart.
    const delayMs = Math.min(10_000 * 2 ** round, MAX_GAP_MS);
    await queue.add('chain.check', { orderId, round: round + 1 }, { delayMs, attempts: 3 });
  };
}
