/**
 * Reads one transaction from a network's node and judges it (issue 28, docs/chain-verification.md):
 * `readTransfer(network, txHash, expected)` answers a ChainCheck, never throws. The rule is
 * machines/src/chain/transfer-verdict.ts; this file only asks the node, with viem's public client:
 * the receipt (mined? succeeded? its Transfer logs), the transaction (known at all? native coin
 * sent?), the head block (confirmations) and the block's time (before the order?).
 *
 * - A hash that is not 32 bytes of hex, or an expectation that cannot be checked, is refused before
 *   any request (`invalid_input`); a network without an RPC URL is `not_configured`.
 * - Each request has a timeout and one retry (viem's transport retries timeouts, 5xx and 429); a
 *   node that still gives no usable answer is `unavailable`, never `not_found` and never an error.
 * - TRC20 goes through Tron's Ethereum-compatible JSON-RPC (`https://<node>/jsonrpc`): the same
 *   calls, 20-byte hex addresses (transfer-verdict.ts compares them with the `T…` configured).
 * - The endpoint's URL (with its API key) reaches only the transport: errors and logs name the
 *   network, the reason and the node's host (RpcEndpoint), never viem's message, which holds the URL.
 */
import {
  BaseError,
  createPublicClient,
  erc20Abi,
  http,
  HttpRequestError,
  parseEventLogs,
  RpcError,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type PublicClient,
} from 'viem';
import { logger } from '@desk/platform/logging/logger';
import type { Network } from '@desk/machines/addresses/networks';
import type { ChainCheck, UnavailableReason } from '@desk/machines/chain/chain-check';
import { expectationProblem, transferVerdict, type ChainObservation, type TransferExpectation } from '@desk/machines/chain/transfer-verdict';
import { normalizeTxHash, type TxHash } from '@desk/machines/chain/tx-hash';
import type { ChainNetwork, ChainNetworks } from './chain-networks';
import type { RpcEndpoint } from './rpc-endpoint';

export interface ChainReader {
  /**
   * What the chain shows for `txHash` (with or without `0x`) on `network`, against `expected`: the
   * receiving address as the network writes it, the USDT amount as the order does, and the order's
   * placing. Resolves within about twice the timeout per request, whatever the node does.
   */
  readTransfer(network: Network, txHash: string, expected: TransferExpectation): Promise<ChainCheck>;
}

export interface ChainReaderOptions {
  /** Per request, per attempt. */
  timeoutMs?: number;
  /** Before the one retry. */
  retryDelayMs?: number;
}

export const CHAIN_READER_DEFAULTS = { timeoutMs: 5_000, retryDelayMs: 250 } as const;

export function createChainReader(networks: ChainNetworks, options: ChainReaderOptions = {}): ChainReader {
  const { timeoutMs, retryDelayMs } = { ...CHAIN_READER_DEFAULTS, ...options };
  const clients = new Map<Network, PublicClient>();
  const clientFor = (setting: ChainNetwork & { endpoint: NonNullable<ChainNetwork['endpoint']> }): PublicClient => {
    let client = clients.get(setting.network);
    if (!client) {
      client = nodeClient(setting.endpoint, { timeoutMs, retryDelayMs });
      clients.set(setting.network, client);
    }
    return client;
  };

  return {
    async readTransfer(network, txHash, expected) {
      const setting = networks[network] as ChainNetwork | undefined;
      // A network the desk does not know (an order's data from before a network was dropped) is not checked.
      if (setting === undefined) return { state: 'not_configured' };
      const hash = normalizeTxHash(txHash);
      if (hash === null) return { state: 'invalid_input', problem: 'not_a_transaction_hash' };
      const problem = expectationProblem(setting, expected);
      if (problem !== null) return { state: 'invalid_input', problem };
      const { endpoint } = setting;
      if (endpoint === null) return { state: 'not_configured' };
      try {
        return transferVerdict(await observe(clientFor({ ...setting, endpoint }), hash), setting, expected);
      } catch (error) {
        const reason = unavailableReason(error);
        logger.warn('chain node gave no usable answer', { network, reason, node: endpoint.shown });
        return { state: 'unavailable', reason };
      }
    },
  };
}

/** viem's client for one node: each request with a timeout and one retry, nothing cached (confirmations count from the head as it is now). */
export function nodeClient(endpoint: RpcEndpoint, { timeoutMs, retryDelayMs }: Required<ChainReaderOptions>): PublicClient {
  return createPublicClient({ transport: http(endpoint.secretUrl(), { timeout: timeoutMs, retryCount: 1, retryDelay: retryDelayMs }), cacheTime: 0 });
}

async function observe(client: PublicClient, hash: TxHash): Promise<ChainObservation> {
  // Settled, not Promise.all: no request (or its retry) is left running once the check has answered.
  const [receipt, transaction, headBlock] = settledOrThrow(
    await Promise.allSettled([
      unlessNotFound(client.getTransactionReceipt({ hash })),
      unlessNotFound(client.getTransaction({ hash })),
      client.getBlockNumber({ cacheTime: 0 }),
    ]),
  );
  // A receipt is the proof of mining; a transaction without one is waiting in the node's pool.
  if (receipt === null) return transaction === null ? { kind: 'unknown' } : { kind: 'pending' };
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  // strict: a log with Transfer's topic that does not decode as ERC20's (an ERC-721 Transfer) is not a token transfer.
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true }).map((log) => ({
    token: log.address,
    from: log.args.from,
    to: log.args.to,
    value: log.args.value,
  }));
  return {
    kind: 'mined',
    succeeded: receipt.status === 'success',
    blockNumber: receipt.blockNumber,
    headBlock,
    minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
    transfers,
    nativeValue: transaction?.value ?? 0n,
  };
}

function settledOrThrow<T extends readonly unknown[]>(results: { [K in keyof T]: PromiseSettledResult<T[K]> }): T {
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The node's "no such transaction" as null; any other failure goes on. */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError) return null;
    throw error;
  }
}

/** Why the node's answer is unusable, from viem's error classes (never their messages: they hold the URL). */
export function unavailableReason(error: unknown): UnavailableReason {
  if (!(error instanceof BaseError)) return 'unreadable_answer';
  if (error.walk((cause) => cause instanceof TimeoutError) instanceof TimeoutError) return 'timeout';
  const http = error.walk((cause) => cause instanceof HttpRequestError);
  if (http instanceof HttpRequestError) {
    if (http.status !== undefined) return 'error_answer';
    // No status: the request never got an HTTP answer (refused, reset, DNS), or the answer was not JSON.
    return http.walk((cause) => cause instanceof SyntaxError) instanceof SyntaxError ? 'unreadable_answer' : 'unreachable';
  }
  if (error.walk((cause) => cause instanceof RpcError) instanceof RpcError) return 'error_answer';
  return 'unreadable_answer';
}
