/**
 * Where each network's USDT is read (issue 28, docs/chain-verification.md): per network a JSON-RPC
 * endpoint, the USDT contract, its decimals and the confirmations required, from the environment
 * (`CHAIN_<NETWORK>_RPC_URL`, `_USDT_CONTRACT`, `_USDT_DECIMALS`, `_CONFIRMATIONS`). Spread into a
 * process's env.ts shape like the other pieces (services/src/config/services-env.ts).
 *
 * No RPC URL: the network is not checked (`not_configured`), never read from a guessed public node.
 * The contract and decimals default to mainnet USDT, the confirmations to a depth past which a
 * reorganisation is not expected on that chain (the doc says why for each).
 */
import { z } from 'zod';
import { isEvmAddress, isTronAddress } from '@desk/machines/addresses/address-validation';
import { NETWORKS, type Network } from '@desk/machines/addresses/networks';
import { MAX_TOKEN_DECIMALS } from '@desk/machines/chain/token-units';
import type { TokenRules } from '@desk/machines/chain/transfer-verdict';
import { isLoopbackHost } from '../http/loopback-host';
import { RpcEndpoint } from './rpc-endpoint';

/** Mainnet USDT per network, and the confirmations the desk waits for. */
export const CHAIN_DEFAULTS: Record<Network, { usdtContract: string; decimals: number; confirmations: number }> = {
  /** Tether's contract; 12 blocks (about 2.5 minutes), well past any post-merge reorganisation seen. */
  ERC20: { usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, confirmations: 12 },
  /** Binance-Peg BSC-USD: 18 decimals, not 6. 15 blocks, past BNB Smart Chain's fast finality (2 blocks). */
  BEP20: { usdtContract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18, confirmations: 15 },
  /** Tether on Polygon PoS (now USDT0, same contract); 128 blocks, about 4 minutes: Polygon has reorganised dozens of blocks. */
  POLYGON: { usdtContract: '0xc2132D05D31c4914a87C6611C10748AEb04B58e8', decimals: 6, confirmations: 128 },
  /** Tether on Tron; 19 blocks: a block 19 of Tron's 27 super representatives built on is solidified (irreversible). */
  TRC20: { usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, confirmations: 19 },
};

/** An empty variable (compose's `${VAR:-}`) is an unset one. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** https, or http to this machine only: a node answering in the clear could be impersonated into "confirmed". */
const rpcUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((url) => url.startsWith('https:') || isLoopbackHost(new URL(url).hostname), 'https, or http to this machine only')
  .optional()
  .transform((url) => (url ? new RpcEndpoint(url) : null));
const rpcUrl = unsetWhenEmpty(rpcUrlSchema);

const contract = (network: Network) =>
  unsetWhenEmpty(
    z
      .string()
      .trim()
      .refine((address) => (network === 'TRC20' ? isTronAddress(address) || isEvmAddress(address) : isEvmAddress(address)), {
        message: network === 'TRC20' ? 'a Tron address (T…) or 0x and 40 hex digits' : '0x and 40 hex digits (an EIP-55 checksum, if mixed case, must match)',
      })
      .default(CHAIN_DEFAULTS[network].usdtContract),
  );

const decimals = (network: Network) => unsetWhenEmpty(z.coerce.number().int().min(0).max(MAX_TOKEN_DECIMALS).default(CHAIN_DEFAULTS[network].decimals));
const confirmations = (network: Network) => unsetWhenEmpty(z.coerce.number().int().min(1).max(10_000).default(CHAIN_DEFAULTS[network].confirmations));

export const chainEnv = {
  CHAIN_ERC20_RPC_URL: rpcUrl,
  CHAIN_ERC20_USDT_CONTRACT: contract('ERC20'),
  CHAIN_ERC20_USDT_DECIMALS: decimals('ERC20'),
  CHAIN_ERC20_CONFIRMATIONS: confirmations('ERC20'),
  CHAIN_BEP20_RPC_URL: rpcUrl,
  CHAIN_BEP20_USDT_CONTRACT: contract('BEP20'),
  CHAIN_BEP20_USDT_DECIMALS: decimals('BEP20'),
  CHAIN_BEP20_CONFIRMATIONS: confirmations('BEP20'),
  CHAIN_POLYGON_RPC_URL: rpcUrl,
  CHAIN_POLYGON_USDT_CONTRACT: contract('POLYGON'),
  CHAIN_POLYGON_USDT_DECIMALS: decimals('POLYGON'),
  CHAIN_POLYGON_CONFIRMATIONS: confirmations('POLYGON'),
  CHAIN_TRC20_RPC_URL: rpcUrl,
  CHAIN_TRC20_USDT_CONTRACT: contract('TRC20'),
  CHAIN_TRC20_USDT_DECIMALS: decimals('TRC20'),
  CHAIN_TRC20_CONFIRMATIONS: confirmations('TRC20'),
};

export type ChainEnv = z.infer<z.ZodObject<typeof chainEnv>>;

/** One network's settings: the endpoint (null: not checked) and its USDT. */
export interface ChainNetwork extends TokenRules {
  endpoint: RpcEndpoint | null;
}

export type ChainNetworks = Record<Network, ChainNetwork>;

/** The parsed variables as one setting per network. */
export function chainNetworks(env: ChainEnv): ChainNetworks {
  const entries = NETWORKS.map((network) => {
    const setting = <K extends 'RPC_URL' | 'USDT_CONTRACT' | 'USDT_DECIMALS' | 'CONFIRMATIONS'>(name: K) => env[`CHAIN_${network}_${name}`];
    return [
      network,
      {
        network,
        endpoint: setting('RPC_URL'),
        usdtContract: setting('USDT_CONTRACT'),
        decimals: setting('USDT_DECIMALS'),
        confirmations: setting('CONFIRMATIONS'),
      },
    ] as const;
  });
  return Object.fromEntries(entries) as ChainNetworks;
}

/** The chain's variables read from `source` alone (defaults for what is unset): for a process that has no env.ts of its own. */
export const parseChainEnv = (source: Record<string, string | undefined>): ChainEnv => z.object(chainEnv).parse(source);
