/**
 * What checking one transaction on the chain can answer (issue 28, docs/chain-verification.md).
 * Plain JSON (amounts as decimal strings, block numbers as numbers), so an order's event can carry
 * the answer as it was. Addresses are as the network shows them (EIP-55 `0x…`, or Tron's `T…`).
 */

/** A Transfer of the configured USDT contract, as the check reports it. */
export interface ReportedTransfer {
  to: string;
  /** USDT, a decimal string ("100.50"). */
  amount: string;
}

/** What the chain shows, judged against what the order expects (transfer-verdict.ts). */
export type TransferVerdict =
  /** The node knows no such transaction (never sent, dropped, or sent on another network). */
  | { state: 'not_found' }
  /** Known to the node, not yet in a block. */
  | { state: 'pending' }
  /** In a block, but it failed: nothing moved. */
  | { state: 'reverted'; blockNumber: number }
  /** No Transfer of the configured USDT contract: `tokens` are the contracts whose Transfers it holds (maybe none); `movedNativeCoin` when it sent ETH/BNB/POL/TRX itself. */
  | { state: 'wrong_token'; tokens: string[]; movedNativeCoin: boolean }
  /** USDT moved, none of it to `expectedTo`: where it went instead. */
  | { state: 'wrong_address'; expectedTo: string; transfers: ReportedTransfer[] }
  /** USDT reached the address, another amount: `paidAmount` is the sum of `transferCount` Transfers to it. */
  | { state: 'wrong_amount'; to: string; expectedAmount: string; paidAmount: string; transferCount: number }
  /** The right transfer, mined before the order existed: it cannot be this order's payment unless an admin says so. */
  | { state: 'before_order'; minedAt: string; notBefore: string; amount: string }
  /** The right transfer, in a block, with fewer confirmations than the network requires yet. */
  | { state: 'confirming'; amount: string; confirmations: number; required: number; blockNumber: number; minedAt: string }
  /** The right transfer with the confirmations the network requires. */
  | { state: 'confirmed'; amount: string; confirmations: number; required: number; blockNumber: number; minedAt: string };

/** Why a check could not be asked at all; nothing was sent to a node. */
export type InputProblem = 'not_a_transaction_hash' | 'not_an_address' | 'not_an_amount' | 'not_a_time';

/** Why a node gave no answer to go by. */
export type UnavailableReason = 'timeout' | 'unreachable' | 'error_answer' | 'unreadable_answer';

export type ChainCheck =
  | TransferVerdict
  /** No JSON-RPC endpoint is configured for the network: it is not checked (never guessed). */
  | { state: 'not_configured' }
  /** The node did not answer usably (after one retry): unknown, not "not found". */
  | { state: 'unavailable'; reason: UnavailableReason }
  /** The hash, address or amount given cannot be checked. */
  | { state: 'invalid_input'; problem: InputProblem };

export type ChainCheckState = ChainCheck['state'];

export const CHAIN_CHECK_STATES = [
  'not_found',
  'pending',
  'reverted',
  'wrong_token',
  'wrong_address',
  'wrong_amount',
  'before_order',
  'confirming',
  'confirmed',
  'not_configured',
  'unavailable',
  'invalid_input',
] as const satisfies readonly ChainCheckState[];

/** The transfer is the one expected, whether or not it has all its confirmations yet. */
export const isRightTransfer = (check: ChainCheck): boolean => check.state === 'confirming' || check.state === 'confirmed';

/** The chain says this transaction is not the expected payment: it will not become one by waiting. */
export const isMismatch = (check: ChainCheck): boolean =>
  check.state === 'reverted' ||
  check.state === 'wrong_token' ||
  check.state === 'wrong_address' ||
  check.state === 'wrong_amount' ||
  check.state === 'before_order';
