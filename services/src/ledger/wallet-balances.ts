/**
 * What the chain says a brand's USDT wallets hold (docs/ledger.md, "What the source says"): the
 * configured USDT contract's `balanceOf` each of the brand's addresses on a network, summed, at the
 * node's latest block (read once, so every address is read at the same block). Never throws: a
 * network without a node is "not configured", a node that does not answer (after one retry) is
 * "unavailable", and neither is ever taken for a balance of nothing. The node's URL (its API key)
 * never reaches a log line (RpcEndpoint).
 */
import { erc20Abi, type PublicClient } from 'viem';
import { logger } from '@desk/platform/logging/logger';
import type { Network } from '@desk/machines/addresses/networks';
import { addressKey } from '@desk/machines/chain/chain-address';
import { fromBaseUnits } from '@desk/machines/chain/token-units';
import type { ChainNetwork, ChainNetworks } from '../chain/chain-networks';
import { CHAIN_READER_DEFAULTS, nodeClient, unavailableReason } from '../chain/chain-reader';

export type WalletReading = { state: 'read'; amount: string; block: string } | { state: 'not_configured' } | { state: 'no_wallet' } | { state: 'unavailable' };

export interface WalletBalances {
  /** The USDT `addresses` hold together on `network` now. */
  read(network: Network, addresses: readonly string[]): Promise<WalletReading>;
}

export function createWalletBalances(networks: ChainNetworks, options: { timeoutMs?: number; retryDelayMs?: number } = {}): WalletBalances {
  const settings = { ...CHAIN_READER_DEFAULTS, ...options };
  const clients = new Map<Network, PublicClient>();
  const clientFor = (setting: ChainNetwork) => {
    let client = clients.get(setting.network);
    if (!client) {
      client = nodeClient(setting.endpoint!, settings);
      clients.set(setting.network, client);
    }
    return client;
  };

  return {
    async read(network, addresses) {
      const setting = networks[network] as ChainNetwork | undefined;
      if (!setting?.endpoint) return { state: 'not_configured' };
      const contract = addressKey(network, setting.usdtContract);
      const owners = addresses.map((address) => addressKey(network, address)).filter((key) => key !== null);
      if (owners.length === 0 || contract === null) return { state: 'no_wallet' };
      try {
        const client = clientFor(setting);
        const block = await client.getBlockNumber({ cacheTime: 0 });
        // Settled, not Promise.all: no read (or its retry) is left running once the answer is given.
        const balances = await Promise.allSettled(
          owners.map((owner) =>
            client.readContract({
              address: contract as `0x${string}`,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner as `0x${string}`],
              blockNumber: block,
            }),
          ),
        );
        const failed = balances.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
        const units = balances.reduce((sum, result) => sum + (result as PromiseFulfilledResult<bigint>).value, 0n);
        return { state: 'read', amount: fromBaseUnits(units, setting.decimals), block: block.toString() };
      } catch (error) {
        logger.warn('chain node gave no usable balance', { network, reason: unavailableReason(error), node: setting.endpoint.shown });
        return { state: 'unavailable' };
      }
    },
  };
}
