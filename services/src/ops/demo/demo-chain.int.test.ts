/**
 * The demo seed's chain against itself: anvil started as the seed starts it, its USDT read as
 * TRC20's by the product's own chain reader, addresses in Tron's form sending with no keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainReader } from '../../chain/chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import { DEMO_BRAND, DEMO_CUSTOMERS } from './demo-data';

describe('the demo chain', () => {
  let chain: DemoChain;
  beforeAll(async () => {
    const started = await startDemoChain();
    if (!started) throw new Error('@foundry-rs/anvil has no binary installed here');
    chain = started;
  });
  afterAll(async () => chain?.stop());

  it('sends USDT from a demo address (no key, no funds: anvil acts as it and the seed tops it up), read as a TRC20 transfer', async () => {
    const customer = DEMO_CUSTOMERS[0]!.wallet;
    const deposit = DEMO_BRAND.cryptoWallets[0]!.address;
    expect(chain.networks.TRC20).toMatchObject({ usdtContract: chain.usdtContract, decimals: 6, confirmations: 19 });
    expect(chain.networks.ERC20.endpoint).toBeNull();
    const reader = createChainReader(chain.networks);
    const notBefore = new Date(Date.now() - 60_000).toISOString();

    const hash = await chain.sendUsdt(customer, deposit, '120.50');
    expect(await reader.readTransfer('TRC20', hash, { to: deposit, amount: '120.50', notBefore })).toMatchObject({
      state: 'confirming',
      confirmations: 1,
      required: 19,
    });
    await chain.mine(18);
    expect(await reader.readTransfer('TRC20', hash, { to: deposit, amount: '120.50', notBefore })).toMatchObject({ state: 'confirmed', confirmations: 19 });
    // The deposit address now holds what it received: paying out of it needs no top-up, and is read the same way.
    const payout = await chain.sendUsdt(deposit, customer, '20.25');
    expect(await reader.readTransfer('TRC20', payout, { to: customer, amount: '20.50', notBefore })).toMatchObject({
      state: 'wrong_amount',
      paidAmount: '20.25',
    });
  });

  it('refuses an address it cannot send from, before any transaction', async () => {
    await expect(chain.sendUsdt('TNotAnAddress', DEMO_CUSTOMERS[0]!.wallet, '1')).rejects.toThrow('is not an address the demo chain can send from or to');
    await expect(chain.sendUsdt(DEMO_CUSTOMERS[0]!.wallet, DEMO_CUSTOMERS[1]!.wallet, '1.0000001')).rejects.toThrow('is not an amount of USDT');
  });

  it('stops: the node is gone once stop() resolves', async () => {
    const url = chain.url;
    await chain.stop();
    await expect(fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).rejects.toThrow();
  });
});
