/**
 * The chain tests' shared setup, as a vitest fixture: `chainTest` gives each test file its own
 * anvil (started once per file, stopped after it) with TestUsdt deployments and the few moves the
 * tests make: mint, transfer, a batch transfer, a transfer that reverts, mining and automine.
 */
import { test } from 'vitest';
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hash, type PublicClient, type WalletClient } from 'viem';
import { ANVIL_CHAIN_ID, startAnvil, type TestAnvil } from './anvil';
import { testUsdt } from '../../services/src/chain/dev-node/test-usdt';

const artifact = testUsdt();
const chain = {
  id: ANVIL_CHAIN_ID,
  name: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;

export interface TestChain {
  anvil: TestAnvil;
  client: PublicClient;
  /** anvil's unlocked accounts (the mnemonic's first four): [desk, customer, someone else, spare]. */
  accounts: Address[];
  /** Deploys a TestUsdt with these decimals; resolves to its address once mined. */
  deployToken(decimals: number, symbol?: string): Promise<Address>;
  mint(token: Address, to: Address, units: bigint): Promise<void>;
  /** Sends a transfer; with `gas` set, anvil does not estimate first, so a failing transfer is mined and reverts. */
  transfer(token: Address, from: Address, to: Address, units: bigint, options?: { gas?: bigint }): Promise<Hash>;
  transferMany(token: Address, from: Address, payments: [Address, bigint][]): Promise<Hash>;
  sendNative(from: Address, to: Address, wei: bigint): Promise<Hash>;
  /** Mines `blocks` empty blocks (anvil_mine). */
  mine(blocks: number): Promise<void>;
  /** Automine on: every transaction gets its own block at once. Off: transactions wait in the pool. */
  setAutomine(on: boolean): Promise<void>;
  /** The block a transaction was mined in. */
  blockOf(hash: Hash): Promise<bigint>;
}

async function openChain(anvil: TestAnvil): Promise<TestChain> {
  const transport = http(anvil.url);
  const client = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  const wallet: WalletClient = createWalletClient({ chain, transport });
  const accounts = await wallet.getAddresses();
  const write = (token: Address, from: Address, functionName: string, args: unknown[], gas?: bigint) =>
    wallet.writeContract({ chain, account: from, address: token, abi: artifact.abi, functionName, args, ...(gas === undefined ? {} : { gas }) });
  const mined = async (hash: Hash) => client.waitForTransactionReceipt({ hash, timeout: 10_000 });
  return {
    anvil,
    client,
    accounts,
    async deployToken(decimals, symbol = 'USDT') {
      const hash = await wallet.deployContract({
        chain,
        account: accounts[0]!,
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: [`Test ${symbol}`, symbol, decimals],
      });
      const receipt = await mined(hash);
      if (!receipt.contractAddress) throw new Error('TestUsdt was not deployed');
      return getAddress(receipt.contractAddress);
    },
    async mint(token, to, units) {
      await mined(await write(token, accounts[0]!, 'mint', [to, units]));
    },
    transfer: (token, from, to, units, options = {}) => write(token, from, 'transfer', [to, units], options.gas),
    transferMany: (token, from, payments) => write(token, from, 'transferMany', [payments.map(([to]) => to), payments.map(([, units]) => units)]),
    sendNative: (from, to, wei) => wallet.sendTransaction({ chain, account: from, to, value: wei }),
    mine: async (blocks) => void (await anvil.rpc('anvil_mine', [`0x${blocks.toString(16)}`])),
    setAutomine: async (on) => void (await anvil.rpc('evm_setAutomine', [on])),
    blockOf: async (hash) => (await mined(hash)).blockNumber,
  };
}

/** A test with `chain`: one anvil per test file, with its accounts and the TestUsdt moves. */
export const chainTest = test.extend(
  'chain',
  { scope: 'file' },
  // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  async ({}, { onCleanup }) => {
    const anvil = await startAnvil();
    onCleanup(() => anvil.stop());
    return openChain(anvil);
  },
);
