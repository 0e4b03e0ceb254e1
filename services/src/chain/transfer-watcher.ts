/**
 * Finds USDT arriving at a set of addresses (the brands' deposit addresses with open sells): the
 * configured contract's Transfer logs to them, block range by block range, with `eth_getLogs`. It
 * reports what it found and how far it read; matching a transfer to an order, and remembering where
 * to start next time (`nextFromBlock`), is the caller's. A transfer found here is only a lead: an
 * order is verified by readTransfer on its own transaction (chain-reader.ts), which judges it.
 *
 * Nodes cap a log query's range (often 2,000 to 10,000 blocks) and its answer's size, so ranges of
 * `maxBlockRange` blocks are read one after another, at most `maxRanges` per call: a watcher far
 * behind catches up over several calls instead of one that never ends.
 */
import { getAbiItem, erc20Abi, type Address, type PublicClient } from 'viem';
import { logger } from '@desk/platform/logging/logger';
import type { Network } from '@desk/machines/addresses/networks';
import { addressKey, displayAddress } from '@desk/machines/chain/chain-address';
import type { UnavailableReason } from '@desk/machines/chain/chain-check';
import { fromBaseUnits } from '@desk/machines/chain/token-units';
import type { ChainNetworks } from './chain-networks';
import { CHAIN_READER_DEFAULTS, nodeClient, unavailableReason, type ChainReaderOptions } from './chain-reader';

export interface IncomingTransfer {
  txHash: `0x${string}`;
  blockNumber: number;
  logIndex: number;
  /** As the network writes addresses (EIP-55, or Tron's T…). */
  from: string;
  to: string;
  /** USDT, a decimal string. */
  amount: string;
  /** Counted from the head when the range was read: the block itself is the first. */
  confirmations: number;
}

export type WatchResult =
  | { state: 'read'; transfers: IncomingTransfer[]; nextFromBlock: number; caughtUp: boolean }
  | { state: 'not_configured' }
  | { state: 'unavailable'; reason: UnavailableReason }
  | { state: 'invalid_input'; problem: 'not_an_address' };

export interface TransferWatcher {
  /** USDT Transfers to any of `addresses` from block `fromBlock` on, up to the head or the call's range limit. */
  findTransfers(network: Network, addresses: readonly string[], fromBlock: number): Promise<WatchResult>;
}

export interface TransferWatcherOptions extends ChainReaderOptions {
  /** Blocks per eth_getLogs. */
  maxBlockRange?: number;
  /** eth_getLogs per call. */
  maxRanges?: number;
}

const TRANSFER = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

export function createTransferWatcher(networks: ChainNetworks, options: TransferWatcherOptions = {}): TransferWatcher {
  const { timeoutMs, retryDelayMs, maxBlockRange, maxRanges } = { ...CHAIN_READER_DEFAULTS, maxBlockRange: 2_000, maxRanges: 20, ...options };
  const clients = new Map<Network, PublicClient>();

  return {
    async findTransfers(network, addresses, fromBlock) {
      const setting = networks[network];
      const keys = addresses.map((address) => addressKey(network, address));
      const contract = addressKey(network, setting.usdtContract);
      if (keys.some((key) => key === null) || contract === null || !Number.isSafeInteger(fromBlock) || fromBlock < 0) {
        return { state: 'invalid_input', problem: 'not_an_address' };
      }
      const { endpoint } = setting;
      if (endpoint === null) return { state: 'not_configured' };
      let client = clients.get(network);
      if (!client) {
        client = nodeClient(endpoint, { timeoutMs, retryDelayMs });
        clients.set(network, client);
      }
      try {
        const head = await client.getBlockNumber({ cacheTime: 0 });
        const transfers: IncomingTransfer[] = [];
        let from = BigInt(fromBlock);
        for (let range = 0; range < maxRanges && from <= head && keys.length > 0; range++) {
          const to = from + BigInt(maxBlockRange) - 1n < head ? from + BigInt(maxBlockRange) - 1n : head;
          const logs = await client.getLogs({
            address: contract as Address,
            event: TRANSFER,
            args: { to: keys as Address[] },
            fromBlock: from,
            toBlock: to,
            strict: true,
          });
          for (const log of logs) {
            if (log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue; // a pending log: not in a block yet
            transfers.push({
              txHash: log.transactionHash,
              blockNumber: Number(log.blockNumber),
              logIndex: log.logIndex,
              from: displayAddress(network, log.args.from),
              to: displayAddress(network, log.args.to),
              amount: fromBaseUnits(log.args.value, setting.decimals),
              confirmations: Number(head - log.blockNumber + 1n),
            });
          }
          from = to + 1n;
        }
        if (keys.length === 0) from = head + 1n;
        return { state: 'read', transfers, nextFromBlock: Number(from), caughtUp: from > head };
      } catch (error) {
        const reason = unavailableReason(error);
        logger.warn('chain node gave no usable answer to a log query', { network, reason, node: endpoint.shown });
        return { state: 'unavailable', reason };
      }
    },
  };
}
