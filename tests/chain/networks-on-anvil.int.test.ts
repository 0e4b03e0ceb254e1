/**
 * The per-network settings against real transactions: BEP20's 18-decimal USDT read by its default
 * decimals (and the same transaction misread by a 6-decimal setting), and TRC20's T… addresses and
 * bare hashes, read through the same Ethereum JSON-RPC calls Tron's /jsonrpc answers (anvil stands in
 * for the Tron node: the calls and the 20-byte hex are the same; docs/chain-verification.md).
 */
import { describe, expect } from 'vitest';
import { hexToTron } from '../../machines/src/chain/tron-address';
import { parseEnv } from '../../platform/src/config/env-schema';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { createChainReader } from '../../services/src/chain/chain-reader';
import { chainTest as test } from '../support/test-chain';

describe('network settings on real transactions', () => {
  test("BEP20's USDT has 18 decimals by default: 100.50 is 100.5 × 10^18 base units", async ({ chain }) => {
    const [desk, customer] = chain.accounts as [`0x${string}`, `0x${string}`];
    const usdt18 = await chain.deployToken(18);
    await chain.mint(usdt18, customer, 1_000n * 10n ** 18n);
    const hash = await chain.transfer(usdt18, customer, desk, 1005n * 10n ** 17n);
    const env = parseEnv(chainEnv, {
      CHAIN_BEP20_RPC_URL: chain.anvil.url,
      CHAIN_BEP20_USDT_CONTRACT: usdt18,
      CHAIN_BEP20_CONFIRMATIONS: '1',
      // The same node and token with a 6-decimal setting: what a wrong CHAIN_*_USDT_DECIMALS does.
      CHAIN_POLYGON_RPC_URL: chain.anvil.url,
      CHAIN_POLYGON_USDT_CONTRACT: usdt18,
      CHAIN_POLYGON_CONFIRMATIONS: '1',
    });
    const reader = createChainReader(chainNetworks(env));
    expect(await reader.readTransfer('BEP20', hash, { to: desk, amount: '100.50' })).toMatchObject({ state: 'confirmed', amount: '100.50', confirmations: 1 });
    expect(await reader.readTransfer('POLYGON', hash, { to: desk, amount: '100.50' })).toMatchObject({
      state: 'wrong_amount',
      paidAmount: '100500000000000.00',
    });
  });

  test("TRC20: the T… contract and address compared with the node's hex, a hash without 0x as Tron's explorer shows it", async ({ chain }) => {
    const [desk, customer, stranger] = chain.accounts as [`0x${string}`, `0x${string}`, `0x${string}`];
    const usdt = await chain.deployToken(6);
    await chain.mint(usdt, customer, 1_000_000_000n);
    const env = parseEnv(chainEnv, { CHAIN_TRC20_RPC_URL: chain.anvil.url, CHAIN_TRC20_USDT_CONTRACT: hexToTron(usdt)!, CHAIN_TRC20_CONFIRMATIONS: '2' });
    const reader = createChainReader(chainNetworks(env));
    const deposit = hexToTron(desk)!;
    expect(deposit).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

    const paid = await chain.transfer(usdt, customer, desk, 250_750_000n);
    await chain.mine(1);
    expect(await reader.readTransfer('TRC20', paid.slice(2), { to: deposit, amount: '250.75' })).toMatchObject({
      state: 'confirmed',
      amount: '250.75',
      confirmations: 2,
      required: 2,
    });

    const elsewhere = await chain.transfer(usdt, customer, stranger, 250_750_000n);
    expect(await reader.readTransfer('TRC20', elsewhere.slice(2), { to: deposit, amount: '250.75' })).toEqual({
      state: 'wrong_address',
      expectedTo: deposit,
      transfers: [{ to: hexToTron(stranger), amount: '250.75' }],
    });
  });
});
