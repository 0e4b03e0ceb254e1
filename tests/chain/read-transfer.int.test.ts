/**
 * Reading USDT transfers from a real EVM node (anvil) with real transactions of a TestUsdt deployed
 * here: every state the chain check answers, through the configuration path production uses
 * (environment variables parsed by chainEnv).
 */
import { describe, expect } from 'vitest';
import { parseEnv } from '../../platform/src/config/env-schema';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { createChainReader, type ChainReader } from '../../services/src/chain/chain-reader';
import { chainTest as test, type TestChain } from '../support/test-chain';

const PLACED_LONG_AGO = '2020-01-01T00:00:00.000Z';
const USDT = (amount: number) => BigInt(Math.round(amount * 100)) * 10_000n; // 6 decimals, from whole cents

interface Setup {
  reader: ChainReader;
  usdt: `0x${string}`;
  desk: `0x${string}`;
  customer: `0x${string}`;
  stranger: `0x${string}`;
}

const setups = new WeakMap<TestChain, Promise<Setup>>();
/** The file's TestUsdt, funded customer and reader (3 confirmations on ERC20, BEP20 left unconfigured). */
function setupOn(chain: TestChain): Promise<Setup> {
  let setup = setups.get(chain);
  if (!setup) {
    setup = (async () => {
      const [desk, customer, stranger] = chain.accounts as [`0x${string}`, `0x${string}`, `0x${string}`];
      const usdt = await chain.deployToken(6);
      await chain.mint(usdt, customer, USDT(1_000_000));
      const env = parseEnv(chainEnv, { CHAIN_ERC20_RPC_URL: chain.anvil.url, CHAIN_ERC20_USDT_CONTRACT: usdt, CHAIN_ERC20_CONFIRMATIONS: '3' });
      return { reader: createChainReader(chainNetworks(env)), usdt, desk, customer, stranger };
    })();
    setups.set(chain, setup);
  }
  return setup;
}

describe('reading a USDT transfer on an EVM chain (anvil)', () => {
  test('a transfer to the deposit address is confirming at 1 of 3 confirmations, and confirmed once 2 more blocks are mined', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, desk, USDT(100.5));
    const block = await chain.blockOf(hash);
    const expected = { to: desk, amount: '100.50', notBefore: PLACED_LONG_AGO };

    expect(await reader.readTransfer('ERC20', hash, expected)).toMatchObject({
      state: 'confirming',
      amount: '100.50',
      confirmations: 1,
      required: 3,
      blockNumber: Number(block),
    });
    await chain.mine(1);
    expect(await reader.readTransfer('ERC20', hash, expected)).toMatchObject({ state: 'confirming', confirmations: 2 });
    await chain.mine(1);
    const confirmed = await reader.readTransfer('ERC20', hash, expected);
    expect(confirmed).toMatchObject({ state: 'confirmed', amount: '100.50', confirmations: 3, required: 3, blockNumber: Number(block) });
    const { timestamp } = await chain.client.getBlock({ blockNumber: block });
    expect(confirmed).toMatchObject({ minedAt: new Date(Number(timestamp) * 1000).toISOString() });
  });

  test('the address compares whatever its case, and the hash is read without 0x and in capitals', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, desk, USDT(7));
    await chain.mine(2);
    const check = await reader.readTransfer('ERC20', `  ${hash.slice(2).toUpperCase()} `, { to: desk.toLowerCase(), amount: '7', notBefore: PLACED_LONG_AGO });
    expect(check).toMatchObject({ state: 'confirmed', amount: '7.00' });
  });

  test('a transaction still in the pool (automine off) is pending, then confirming once mined', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    await chain.setAutomine(false);
    try {
      const hash = await chain.transfer(usdt, customer, desk, USDT(12.34), { gas: 200_000n });
      expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '12.34' })).toEqual({ state: 'pending' });
      await chain.mine(1);
      expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '12.34' })).toMatchObject({ state: 'confirming', confirmations: 1 });
    } finally {
      await chain.setAutomine(true);
    }
  });

  test('a transfer beyond the balance is mined and reverted: nothing moved', async ({ chain }) => {
    const { reader, usdt, desk, stranger } = await setupOn(chain);
    const hash = await chain.transfer(usdt, stranger, desk, USDT(100.5), { gas: 200_000n });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toEqual({ state: 'reverted', blockNumber: Number(receipt.blockNumber) });
  });

  test('another token (a second TestUsdt deployment, also called USDT) is the wrong token, named', async ({ chain }) => {
    const { reader, desk, customer } = await setupOn(chain);
    const fake = await chain.deployToken(6);
    await chain.mint(fake, customer, USDT(500));
    const hash = await chain.transfer(fake, customer, desk, USDT(100.5));
    await chain.blockOf(hash); // mined before it is read: automine answers the send before the block exists
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toEqual({ state: 'wrong_token', tokens: [fake], movedNativeCoin: false });
  });

  test('ETH sent instead of USDT is the wrong token, saying the native coin moved', async ({ chain }) => {
    const { reader, desk, customer } = await setupOn(chain);
    const hash = await chain.sendNative(customer, desk, 10n ** 17n);
    await chain.blockOf(hash); // mined before it is read: automine answers the send before the block exists
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toEqual({ state: 'wrong_token', tokens: [], movedNativeCoin: true });
  });

  test('USDT to another address is the wrong address, saying where it went and how much', async ({ chain }) => {
    const { reader, usdt, desk, customer, stranger } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, stranger, USDT(100.5));
    await chain.blockOf(hash); // mined before it is read: automine answers the send before the block exists
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toEqual({
      state: 'wrong_address',
      expectedTo: desk,
      transfers: [{ to: stranger, amount: '100.50' }],
    });
  });

  test('another amount to the address is the wrong amount, naming both', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, desk, USDT(100.49));
    await chain.blockOf(hash); // mined before it is read: automine answers the send before the block exists
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toEqual({
      state: 'wrong_amount',
      to: desk,
      expectedAmount: '100.50',
      paidAmount: '100.49',
      transferCount: 1,
    });
  });

  test('several transfers to the address in one transaction count as their sum; one to someone else is not counted', async ({ chain }) => {
    const { reader, usdt, desk, customer, stranger } = await setupOn(chain);
    const hash = await chain.transferMany(usdt, customer, [
      [desk, USDT(60)],
      [stranger, USDT(5)],
      [desk, USDT(40.5)],
    ]);
    await chain.mine(2);
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50' })).toMatchObject({ state: 'confirmed', amount: '100.50' });
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '105.50' })).toMatchObject({
      state: 'wrong_amount',
      paidAmount: '100.50',
      transferCount: 2,
    });
  });

  test('a transfer mined before the order was placed is not its payment', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, desk, USDT(100.5));
    await chain.blockOf(hash); // mined before it is read: automine answers the send before the block exists
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await reader.readTransfer('ERC20', hash, { to: desk, amount: '100.50', notBefore: later })).toMatchObject({
      state: 'before_order',
      notBefore: later,
      amount: '100.50',
    });
  });

  test('a hash the node never saw is not found', async ({ chain }) => {
    const { reader, desk } = await setupOn(chain);
    expect(await reader.readTransfer('ERC20', `0x${'5e'.repeat(32)}`, { to: desk, amount: '1' })).toEqual({ state: 'not_found' });
  });

  test('a network without an RPC URL is not checked, and what is not a hash is refused', async ({ chain }) => {
    const { reader, usdt, desk, customer } = await setupOn(chain);
    const hash = await chain.transfer(usdt, customer, desk, USDT(1));
    expect(await reader.readTransfer('BEP20', hash, { to: desk, amount: '1' })).toEqual({ state: 'not_configured' });
    expect(await reader.readTransfer('ERC20', hash.slice(0, 60), { to: desk, amount: '1' })).toEqual({
      state: 'invalid_input',
      problem: 'not_a_transaction_hash',
    });
    expect(await reader.readTransfer('ERC20', hash, { to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', amount: '1' })).toEqual({
      state: 'invalid_input',
      problem: 'not_an_address',
    });
  });
});
