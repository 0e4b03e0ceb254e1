/**
 * The watcher finds USDT arriving at the deposit addresses it is given, from a block on, reading
 * the range in pieces a node accepts; other tokens and other addresses are not reported.
 */
import { describe, expect } from 'vitest';
import { hexToTron } from '../../machines/src/chain/tron-address';
import { parseEnv } from '../../platform/src/config/env-schema';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { createTransferWatcher } from '../../services/src/chain/transfer-watcher';
import { freePort } from '../support/free-port';
import { chainTest as test } from '../support/test-chain';

describe('watching deposit addresses for USDT', () => {
  test('reports USDT Transfers to the addresses since a block, in ranges, and where to start next', async ({ chain }) => {
    const [depositA, customer, other, depositB] = chain.accounts as [`0x${string}`, `0x${string}`, `0x${string}`, `0x${string}`];
    const usdt = await chain.deployToken(6);
    const fake = await chain.deployToken(6, 'FAKE');
    await chain.mint(usdt, customer, 1_000_000_000n);
    await chain.mint(fake, customer, 1_000_000_000n);
    // cacheTime 0: viem keeps a block number for seconds (the receipts' waits fill that cache), and a
    // head read from it missed the last transfer's block once under load.
    const start = Number(await chain.client.getBlockNumber({ cacheTime: 0 })) + 1;

    const toA = await chain.transfer(usdt, customer, depositA, 100_500_000n);
    await chain.mine(3);
    await chain.transfer(usdt, customer, other, 1_000_000n); // another address: not reported
    await chain.transfer(fake, customer, depositA, 5_000_000n); // another token: not reported
    const toB = await chain.transferMany(usdt, customer, [
      [depositB, 20_000_000n],
      [depositA, 30_000_000n],
    ]);
    // A transfer's hash comes back before anvil has mined its block (seen under a loaded clean-clone
    // run): the head is read once the last transfer is in a block.
    await chain.blockOf(toB);
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));

    const env = parseEnv(chainEnv, { CHAIN_ERC20_RPC_URL: chain.anvil.url, CHAIN_ERC20_USDT_CONTRACT: usdt });
    const watcher = createTransferWatcher(chainNetworks(env), { maxBlockRange: 2, maxRanges: 100 });
    const found = await watcher.findTransfers('ERC20', [depositA, depositB.toLowerCase()], start);
    expect(found).toEqual({
      state: 'read',
      nextFromBlock: head + 1,
      caughtUp: true,
      transfers: [
        { txHash: toA, blockNumber: start, logIndex: 0, from: customer, to: depositA, amount: '100.50', confirmations: head - start + 1 },
        { txHash: toB, blockNumber: head, logIndex: 0, from: customer, to: depositB, amount: '20.00', confirmations: 1 },
        { txHash: toB, blockNumber: head, logIndex: 1, from: customer, to: depositA, amount: '30.00', confirmations: 1 },
      ],
    });

    // Two ranges of two blocks per call: it stops part way and says where to go on.
    const limited = createTransferWatcher(chainNetworks(env), { maxBlockRange: 2, maxRanges: 2 });
    const first = await limited.findTransfers('ERC20', [depositA, depositB], start);
    expect(first).toMatchObject({ state: 'read', nextFromBlock: start + 4, caughtUp: false });
    const rest = await limited.findTransfers('ERC20', [depositA, depositB], start + 4);
    expect(rest).toMatchObject({ state: 'read', nextFromBlock: head + 1, caughtUp: true });
    const together = [first, rest].flatMap((result) => (result.state === 'read' ? result.transfers.map((transfer) => transfer.txHash) : []));
    expect(together).toEqual([toA, toB, toB]);

    // Nothing new since the head.
    expect(await watcher.findTransfers('ERC20', [depositA], head + 1)).toEqual({ state: 'read', transfers: [], nextFromBlock: head + 1, caughtUp: true });
  });

  test('on TRC20 takes and reports T… addresses', async ({ chain }) => {
    const [deposit, customer] = chain.accounts as [`0x${string}`, `0x${string}`];
    const usdt = await chain.deployToken(6);
    await chain.mint(usdt, customer, 1_000_000_000n);
    const start = Number(await chain.client.getBlockNumber({ cacheTime: 0 })) + 1;
    const hash = await chain.transfer(usdt, customer, deposit, 7_000_000n);
    const env = parseEnv(chainEnv, { CHAIN_TRC20_RPC_URL: chain.anvil.url, CHAIN_TRC20_USDT_CONTRACT: hexToTron(usdt)! });
    const found = await createTransferWatcher(chainNetworks(env)).findTransfers('TRC20', [hexToTron(deposit)!], start);
    expect(found).toMatchObject({ state: 'read', transfers: [{ txHash: hash, from: hexToTron(customer), to: hexToTron(deposit), amount: '7.00' }] });
  });

  test('a network not configured, an address not of the network, a node down', async () => {
    const watcher = createTransferWatcher(chainNetworks(parseEnv(chainEnv, { CHAIN_ERC20_RPC_URL: `http://127.0.0.1:${await freePort()}` })), {
      timeoutMs: 300,
      retryDelayMs: 50,
    });
    const address = '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29';
    expect(await watcher.findTransfers('BEP20', [address], 0)).toEqual({ state: 'not_configured' });
    expect(await watcher.findTransfers('ERC20', ['TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp'], 0)).toEqual({ state: 'invalid_input', problem: 'not_an_address' });
    expect(await watcher.findTransfers('ERC20', [address], 0)).toEqual({ state: 'unavailable', reason: 'unreachable' });
  });
});
