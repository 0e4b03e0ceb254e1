/**
 * What the chain posts (docs/ledger.md, "Wallets"): a transfer the chain shows confirmed moves the
 * brand's USDT wallet on its network: in from a customer paying a sell (the desk now owes them for
 * it), out to a customer for a buy's payout (what the desk owed them is paid). Booked once per
 * transaction; undone if a later reading of the same transaction no longer shows it (a chain
 * reorganisation, a node that forgot it).
 */
import type { ChainTransferChecked } from '../order/order.events';
import { normalizeTxHash } from '../chain/tx-hash';
import { Money } from '../pricing/decimal';
import { ACCOUNTS } from './ledger-accounts';
import { entry, posting, reversed, type Posting } from './posting';

/** A confirmed transfer as the books hold it. */
export interface BookedTransfer {
  /** The order that booked it, and its brand. */
  orderId: string;
  tenantId: string;
  network: ChainTransferChecked['data']['network'];
  txHash: string;
  paidBy: 'customer' | 'desk';
  amount: string;
  /** The day the chain mined it (the desk's day). */
  day: string;
}

/** The key a transaction is booked under: one booking per transaction, whichever order names it. */
export const transferKey = (network: string, txHash: string): string => `${network}/${normalizeTxHash(txHash) ?? txHash.trim().toLowerCase()}`;

/** The readings that say the chain no longer shows the transfer; "unavailable" and "not configured" say nothing either way. */
const UNDOES = new Set(['not_found', 'pending', 'reverted', 'wrong_token', 'wrong_address', 'wrong_amount', 'before_order']);

export function transferPosting(transfer: BookedTransfer): Posting {
  const amount = new Money(transfer.amount);
  const into = transfer.paidBy === 'customer' ? amount : amount.negated();
  return posting(
    'chain_transfer',
    transfer.tenantId,
    transfer.day,
    { orderId: transfer.orderId, bankAccountId: null, lineKey: null, txHash: transfer.txHash },
    [entry(ACCOUNTS.wallet(transfer.network), 'USDT', into), entry(ACCOUNTS.owedToCustomers, 'USDT', into.negated())],
  );
}

export type ChainReading = { book: BookedTransfer } | { undo: BookedTransfer } | null;

/**
 * What a chain reading changes in the books: a confirmed transfer not booked yet is booked; a
 * reading that says a booked transfer is not there undoes it; anything else changes nothing.
 */
export function chainReading(
  orderId: string,
  tenantId: string,
  checked: ChainTransferChecked['data'],
  booked: BookedTransfer | undefined,
  dayOf: (instant: string) => string,
): ChainReading {
  const { check, network, txHash, paidBy } = checked;
  if (check.state === 'confirmed') {
    if (booked) return null;
    return { book: { orderId, tenantId, network, txHash: normalizeTxHash(txHash) ?? txHash, paidBy, amount: check.amount, day: dayOf(check.minedAt) } };
  }
  return booked && UNDOES.has(check.state) ? { undo: booked } : null;
}

/** The posting that undoes a booked transfer, on the day the chain was read again. */
export const undoPosting = (transfer: BookedTransfer, day: string): Posting => reversed(transferPosting(transfer), 'chain_transfer_reversed', day);
