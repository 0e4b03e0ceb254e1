/**
 * The chain check's rule (issue 28): from what a node shows about one transaction and what the order
 * expects, one state (chain-check.ts). Pure: the reader (services/src/chain/chain-reader.ts) asks the
 * node and passes the answer in, with the head block and the block's time.
 *
 * In this order, the first that applies:
 * 1. unknown to the node: `not_found`; known, not in a block: `pending`; failed: `reverted`.
 * 2. No Transfer log of the configured USDT contract: `wrong_token` (another token's Transfers, or
 *    the native coin, are named). Only the contract's own logs count: anyone can deploy a token
 *    called "USDT" and emit Transfer events from it.
 * 3. USDT moved, none to the expected address: `wrong_address`.
 * 4. To the address, the amount differs: `wrong_amount`. Several Transfers of USDT to the expected
 *    address in one transaction (a batch payout) count as their sum; Transfers to other addresses
 *    in the same transaction are not this order's and are ignored.
 * 5. Mined before `notBefore` (the order's placing, less a grace for clocks): `before_order`, an old
 *    payment to a shared deposit address is not this order's payment.
 * 6. Fewer confirmations than the network requires: `confirming`; else `confirmed`. The block that
 *    holds the transaction is its first confirmation (head - block + 1), as wallets and viem count.
 *
 * A wrong token, address or amount is reported even while the block is young: waiting will not
 * change it. The sender is not checked: a customer may pay from an exchange's hot wallet.
 */
import { addressKey, displayAddress } from './chain-address';
import type { InputProblem, TransferVerdict } from './chain-check';
import { fromBaseUnits, toBaseUnits } from './token-units';
import type { Network } from '../addresses/networks';

/** A Transfer(from, to, value) log as the node returned it: `token` is the contract that emitted it. */
export interface TokenTransfer {
  token: string;
  from: string;
  to: string;
  /** In the token's base units. */
  value: bigint;
}

/** What a node shows about one transaction. */
export type ChainObservation =
  | { kind: 'unknown' }
  | { kind: 'pending' }
  | {
      kind: 'mined';
      succeeded: boolean;
      blockNumber: bigint;
      /** The node's latest block when asked. */
      headBlock: bigint;
      /** The block's time (ISO 8601). */
      minedAt: string;
      transfers: readonly TokenTransfer[];
      /** The native coin (ETH, BNB, POL, TRX) the transaction itself carried, in its base units. */
      nativeValue: bigint;
    };

/** One network's USDT, from configuration (services/src/chain/chain-networks.ts). */
export interface TokenRules {
  network: Network;
  usdtContract: string;
  decimals: number;
  confirmations: number;
}

/** What the order expects the transaction to do (expected-transfer.ts builds it from an order). */
export interface TransferExpectation {
  /** The receiving address, as the network writes it. */
  to: string;
  /** USDT, as the order writes it ("100.50"). */
  amount: string;
  /** The order's placing (ISO 8601): a transaction mined well before it is not the order's. */
  notBefore?: string | null;
}

/** Block clocks and the server's clock differ by seconds; two minutes keeps a real payment in. */
export const BEFORE_ORDER_GRACE_MS = 2 * 60_000;

/** What makes the expectation uncheckable on this network, or null. Asked before any node is. */
export function expectationProblem(rules: TokenRules, expected: TransferExpectation): InputProblem | null {
  // The contract is checked when configuration is read; an unreadable one here must not match an unreadable log address.
  if (addressKey(rules.network, expected.to) === null || addressKey(rules.network, rules.usdtContract) === null) return 'not_an_address';
  if (toBaseUnits(expected.amount, rules.decimals) === null) return 'not_an_amount';
  if (expected.notBefore && Number.isNaN(Date.parse(expected.notBefore))) return 'not_a_time';
  return null;
}

export function transferVerdict(
  observation: ChainObservation,
  rules: TokenRules,
  expected: TransferExpectation,
): TransferVerdict | { state: 'invalid_input'; problem: InputProblem } {
  const problem = expectationProblem(rules, expected);
  if (problem !== null) return { state: 'invalid_input', problem };
  if (observation.kind === 'unknown') return { state: 'not_found' };
  if (observation.kind === 'pending') return { state: 'pending' };
  const blockNumber = Number(observation.blockNumber);
  if (!observation.succeeded) return { state: 'reverted', blockNumber };

  const { network, decimals } = rules;
  const key = (address: string) => addressKey(network, address);
  const amountOf = (units: bigint) => fromBaseUnits(units, decimals);
  const usdtKey = key(rules.usdtContract);
  const usdt = observation.transfers.filter((transfer) => key(transfer.token) === usdtKey);
  if (usdt.length === 0) {
    const tokens = [...new Set(observation.transfers.map((transfer) => displayAddress(network, transfer.token)))];
    return { state: 'wrong_token', tokens, movedNativeCoin: observation.nativeValue > 0n };
  }

  const expectedKey = key(expected.to);
  const toExpected = usdt.filter((transfer) => key(transfer.to) === expectedKey);
  if (toExpected.length === 0) {
    const transfers = usdt.map((transfer) => ({ to: displayAddress(network, transfer.to), amount: amountOf(transfer.value) }));
    return { state: 'wrong_address', expectedTo: displayAddress(network, expected.to), transfers };
  }

  const paid = toExpected.reduce((sum, transfer) => sum + transfer.value, 0n);
  const amount = amountOf(paid);
  if (paid !== toBaseUnits(expected.amount, decimals)) {
    const expectedAmount = amountOf(toBaseUnits(expected.amount, decimals)!);
    return { state: 'wrong_amount', to: displayAddress(network, expected.to), expectedAmount, paidAmount: amount, transferCount: toExpected.length };
  }

  const { minedAt } = observation;
  if (expected.notBefore && Date.parse(minedAt) < Date.parse(expected.notBefore) - BEFORE_ORDER_GRACE_MS) {
    return { state: 'before_order', minedAt, notBefore: expected.notBefore, amount };
  }

  const depth = observation.headBlock - observation.blockNumber + 1n;
  const confirmations = depth > 0n ? Number(depth) : 0;
  const required = rules.confirmations;
  return { state: confirmations >= required ? 'confirmed' : 'confirming', amount, confirmations, required, blockNumber, minedAt };
}
