/**
 * The demo seed's chain (issue 28): anvil for the time the seed runs, with a 6-decimal TestUsdt as
 * TRC20's USDT, so the chain demo orders' readings are real readings of real transactions. Tron's
 * JSON-RPC speaks the same calls as anvil: the seed's chain-reading copy of the product reads TRC20
 * on this node, addresses in Tron's form (`T…`, converted with hexToTron/tronToHex).
 *
 * anvil acts as any address (`anvil_impersonateAccount`, `anvil_setBalance` for its gas), so the
 * brands' deposit addresses and the customers' wallets in demo-data.ts send USDT as they are, with
 * no keys. anvil is a devDependency: where its binary is not installed (a production install) there
 * is no demo chain, and the seed does the rest.
 */
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hash } from 'viem';
import { hexToTron, tronToHex } from '@desk/machines/chain/tron-address';
import { fromBaseUnits, toBaseUnits } from '@desk/machines/chain/token-units';
import { chainNetworks, parseChainEnv, type ChainNetworks } from '../../chain/chain-networks';
import { ANVIL_CHAIN_ID, anvilBinary, startAnvil, type AnvilNode } from '../../chain/dev-node/anvil-node';
import { testUsdt } from '../../chain/dev-node/test-usdt';
import { CommandError } from '../cli-errors';

/** Tether's decimals on Tron. */
export const DEMO_USDT_DECIMALS = 6;
/** Enough of anvil's ETH for any sender's gas (1 ETH, in wei, as anvil_setBalance takes it). */
const GAS_MONEY = `0x${(10n ** 18n).toString(16)}`;

export interface DemoChain {
  /** The node's URL (loopback, a port anvil picked). */
  url: string;
  /** The demo USDT's contract, in Tron's form. */
  usdtContract: string;
  /** TRC20 read on this node (its default 19 confirmations); the other networks not configured. */
  networks: ChainNetworks;
  /**
   * `amount` USDT (a decimal string, as orders write it) from `from` to `to` (`T…` or `0x…`), `from`
   * topped up first if it holds less. Resolves to the transaction's hash once it is mined (anvil
   * mines a block per transaction).
   */
  sendUsdt(from: string, to: string, amount: string): Promise<Hash>;
  /** Mines empty blocks: each adds a confirmation to every transfer before it. */
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

/** The demo chain, or null where anvil is not installed. Throws when an installed anvil cannot start or deploy. */
export async function startDemoChain(binary: string | null = anvilBinary()): Promise<DemoChain | null> {
  if (!binary) return null;
  const node = await startAnvil(binary, { accounts: 1 });
  try {
    return await openDemoChain(node);
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** `T…` (or `0x…`) as the 20 bytes the node speaks. */
function evmAddress(address: string): Address {
  const hex = address.startsWith('T') ? tronToHex(address) : address;
  if (!hex || !/^0x[0-9a-fA-F]{40}$/.test(hex)) throw new CommandError(`${address} is not an address the demo chain can send from or to`);
  return getAddress(hex);
}

async function openDemoChain(node: AnvilNode): Promise<DemoChain> {
  const { abi, bytecode } = testUsdt();
  const chain = {
    id: ANVIL_CHAIN_ID,
    name: 'anvil (demo)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  } as const;
  const transport = http(node.url);
  const client = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  const wallet = createWalletClient({ chain, transport });
  const mined = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 });
    if (receipt.status !== 'success') throw new CommandError(`the demo chain's transaction ${hash} reverted`);
    return receipt;
  };

  const [deployer] = await wallet.getAddresses();
  const deployed = await mined(await wallet.deployContract({ account: deployer!, abi, bytecode, args: ['Tether USD (demo)', 'USDT', DEMO_USDT_DECIMALS] }));
  if (!deployed.contractAddress) throw new CommandError('the demo USDT was not deployed');
  const usdt = getAddress(deployed.contractAddress);
  const usdtContract = hexToTron(usdt)!;
  const networks = chainNetworks(parseChainEnv({ CHAIN_TRC20_RPC_URL: node.url, CHAIN_TRC20_USDT_CONTRACT: usdtContract }));

  const balanceOf = async (address: Address) => (await client.readContract({ address: usdt, abi, functionName: 'balanceOf', args: [address] })) as bigint;
  const send = (from: Address, functionName: 'mint' | 'transfer', args: unknown[]) =>
    wallet.writeContract({ account: from, address: usdt, abi, functionName, args });

  return {
    url: node.url,
    usdtContract,
    networks,
    async sendUsdt(fromAddress, toAddress, amount) {
      const [from, to] = [evmAddress(fromAddress), evmAddress(toAddress)];
      const units = toBaseUnits(amount, DEMO_USDT_DECIMALS);
      if (units === null) throw new CommandError(`${amount} is not an amount of USDT`);
      await node.rpc('anvil_impersonateAccount', [from]);
      try {
        await node.rpc('anvil_setBalance', [from, GAS_MONEY]);
        const held = await balanceOf(from);
        if (held < units) await mined(await send(from, 'mint', [from, units - held]));
        const hash = await send(from, 'transfer', [to, units]);
        await mined(hash);
        return hash;
      } finally {
        await node.rpc('anvil_stopImpersonatingAccount', [from]);
      }
    },
    mine: async (blocks) => void (await node.rpc('anvil_mine', [`0x${blocks.toString(16)}`])),
    stop: () => node.stop(),
  };
}

/** `amount` less `less` USDT, as an order writes it ("107.65" less "1" is "106.65"). */
export function usdtLess(amount: string, less: string): string {
  const [a, b] = [toBaseUnits(amount, DEMO_USDT_DECIMALS), toBaseUnits(less, DEMO_USDT_DECIMALS)];
  if (a === null || b === null || b > a) throw new CommandError(`cannot take ${less} from ${amount} USDT`);
  return fromBaseUnits(a - b, DEMO_USDT_DECIMALS);
}
