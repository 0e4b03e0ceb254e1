/**
 * What the chain must show for an order (issue 28):
 * - a sell (crypto_to_fiat): the customer's transaction (their proof's reference) paying the order's
 *   `cryptoAmount` of USDT to the brand's `depositAddress`;
 * - a buy (fiat_to_crypto): the desk's payout transaction paying the net `cryptoAmount` (the fee
 *   already taken) to the customer's `withdrawAddress`.
 * Either must be mined no earlier than the order was placed (transfer-verdict.ts, `before_order`).
 *
 * A completion settles with a transaction hash and maybe a new rate that the order does not hold
 * yet: the caller passes them (`txHash`, `cryptoAmount`) to check the payout before it is recorded.
 */
import type { Network } from '../addresses/networks';
import { isBuy } from './order-context';
import type { OrderView } from './order-state';
import type { TransferExpectation } from '../chain/transfer-verdict';
import { normalizeTxHash, type TxHash } from '../chain/tx-hash';

export type OrderForChainCheck = Pick<
  OrderView,
  'orderType' | 'network' | 'cryptoAmount' | 'depositAddress' | 'withdrawAddress' | 'cryptoReference' | 'placedAt'
>;

export interface ExpectedTransfer {
  network: Network;
  txHash: TxHash;
  /** Who sent it: the customer (a sell's payment) or the desk (a buy's payout). */
  paidBy: 'customer' | 'desk';
  expectation: TransferExpectation;
}

/** Why an order's transfer cannot be checked yet: nothing to ask a node about. */
export type MissingForChainCheck = 'no_transaction' | 'not_a_transaction_hash' | 'no_deposit_address' | 'no_withdraw_address';

export type ExpectedTransferResult = { ok: true; transfer: ExpectedTransfer } | { ok: false; missing: MissingForChainCheck };

export interface ChainCheckOverrides {
  /** The transaction to check instead of the one the order holds (a completion's, not recorded yet). */
  txHash?: string | null;
  /** The amount instead of the order's (a completion that sets a new rate). */
  cryptoAmount?: string;
}

export function expectedTransfer(order: OrderForChainCheck, overrides: ChainCheckOverrides = {}): ExpectedTransferResult {
  const buy = isBuy(order);
  const to = buy ? order.withdrawAddress : order.depositAddress;
  if (!to?.trim()) return { ok: false, missing: buy ? 'no_withdraw_address' : 'no_deposit_address' };
  const typed = overrides.txHash ?? order.cryptoReference;
  if (!typed?.trim()) return { ok: false, missing: 'no_transaction' };
  const txHash = normalizeTxHash(typed);
  if (txHash === null) return { ok: false, missing: 'not_a_transaction_hash' };
  return {
    ok: true,
    transfer: {
      network: order.network,
      txHash,
      paidBy: buy ? 'desk' : 'customer',
      expectation: { to: to.trim(), amount: overrides.cryptoAmount ?? order.cryptoAmount, notBefore: order.placedAt },
    },
  };
}
