/**
 * A buy's payout read on the chain before it is recorded (issue 28): the transaction the admin
 * enters must pay the order's net USDT to the customer's withdraw address, mined after the order was
 * placed. When the chain says it is not that payout (reverted, another token, address or amount,
 * older than the order: chain-check.ts `isMismatch`), the brand's control decides: `refuse` (the
 * default) records nothing and says why; `flag` records the payout flagged for a person to look at.
 * Anything the chain cannot tell yet (pending, not found, no node, a node down) is recorded as it is
 * and read again later: it never blocks a payout that may be right. Pure.
 */
import { chainCheckWords } from '../chain/chain-check-words';
import { isMismatch } from '../chain/chain-check';
import { Refusal } from '../shared/refusal';
import type { Controls } from '../settings/settings.schema';
import type { ChainTransferChecked, OrderEvent } from './order.events';

export type PayoutChainCheck = Omit<ChainTransferChecked['data'], 'checkedAt'>;

export const payoutMismatch = (words: string) => `The chain does not show this payout: ${words} Check the transaction hash, or the transfer itself.`;

/** The payout's events, with what the chain showed (and a flag), or the refusal. `check` null: nothing to read (not a buy payout). */
export function gatePayoutOnChain(events: OrderEvent[], check: PayoutChainCheck | null, policy: Controls['chainPayoutMismatch'], at: string): OrderEvent[] {
  const paysOut = events.some((event) => event.type === 'CryptoSent' || event.type === 'OrderCompleted');
  if (!check || !paysOut) return events;
  const checked: OrderEvent = { type: 'ChainTransferChecked', data: { ...check, checkedAt: at } };
  if (!isMismatch(check.check)) return [...events, checked];
  const words = chainCheckWords(check.check, check.network);
  if (policy === 'refuse') throw Refusal.conflict('payout_mismatch', payoutMismatch(words));
  const flag: OrderEvent = {
    type: 'OrderFlagged',
    data: { kind: 'payout_mismatch', evidence: `tx:${check.txHash}:${check.check.state}`, relatedOrderId: null, relatedRefCode: null, flaggedAt: at },
  };
  return [...events, checked, flag];
}
