/**
 * The books' USDT wallet against a real chain (issue 28, docs/ledger.md): anvil with a 6-decimal
 * TestUsdt standing in for TRC20 (Tron's JSON-RPC speaks the same calls; addresses in Tron's form).
 * A sell's payment the chain confirms comes into the brand's wallet, a buy's payout the chain
 * confirms leaves it; today's position compares the books with the wallet's balanceOf at the latest
 * block, and USDT the books cannot explain shows as a difference. A past day is not compared with
 * the chain (it is read at its latest block); a node that does not answer is said, never taken for 0.
 */
import { describe, expect } from 'vitest';
import type { Address } from 'viem';
import { chainAppTestWith, USDT } from '../support/chain-app-fixtures';
import { createCustomer, json } from '../support/test-app';
import { freePort } from '../support/free-port';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { createWalletBalances } from '../../services/src/ledger/wallet-balances';
import { parseEnv } from '../../platform/src/config/env-schema';
import { hexToTron } from '../../machines/src/chain/tron-address';

const it = chainAppTestWith(['TRC20'])
  // The books' TRC20 wallet line, once the read models have every event.
  .extend('wallet', ({ t, admin }) => async () => {
    await t.project();
    const { status, body } = await json(t.call('GET', '/api/admin/ledger/position', { token: admin }));
    expect(status).toBe(200);
    return body.position.accounts.find((a: any) => a.account === 'wallet:TRC20');
  });

describe('the books’ wallets against the chain', () => {
  it('books a sell’s confirmed payment and a buy’s confirmed payout, and agrees with balanceOf at the latest block', async ({
    chain,
    t,
    usdt,
    admin,
    wallet,
    paidSell,
  }) => {
    const [desk, customerWallet] = chain.accounts as [Address, Address];

    // A sell of 100 USDT: the customer's transfer, read until it has its confirmations, then settled in cash.
    const { id: sellId } = await paidSell('+919844000001');
    await t.deps.orders.commands.recordChainCheck(sellId);
    expect(await wallet()).toMatchObject({ in: '0', closing: '0', source: { kind: 'balance', amount: '100.00', from: 'chain' }, status: 'differs' });
    await chain.mine(2);
    await t.deps.orders.commands.recordChainCheck(sellId);
    expect(await wallet()).toMatchObject({ in: '100', out: '0', closing: '100', difference: '0', status: 'agrees', words: 'Agrees with the chain' });
    expect((await t.call('POST', `/api/admin/orders/${sellId}/verify`, { token: admin, body: {} })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/orders/${sellId}/complete`, { token: admin, body: { bankUtr: 'CASH-0001' } })).status).toBe(200);

    // A buy of ₹4,250 (50 USDT at 85): the desk's payout, recorded with the completion, confirmed later.
    const buyer = await createCustomer(t, '+919844000002');
    const buy = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: buyer,
        body: { fiatAmount: 4_250, network: 'TRC20', withdrawAddress: hexToTron(customerWallet), method: 'bank' },
      }),
    );
    expect(buy.status).toBe(201);
    const buyId = buy.body.order._id as string;
    expect((await t.call('POST', `/api/admin/orders/${buyId}/verify`, { token: admin, body: {} })).status).toBe(200);
    const payout = await chain.transfer(usdt, desk, customerWallet, 50n * USDT);
    await chain.blockOf(payout);
    expect((await t.call('POST', `/api/admin/orders/${buyId}/complete`, { token: admin, body: { cryptoReference: payout } })).status).toBe(200);
    await chain.mine(2);
    await t.deps.orders.commands.recordChainCheck(buyId);
    expect(await wallet()).toMatchObject({ in: '100', out: '50', closing: '50', source: { amount: '50.00', block: expect.any(String) }, status: 'agrees' });

    // The cash the sell was settled in is shown with no source to check it against.
    const { body } = await json(t.call('GET', '/api/admin/ledger/position', { token: admin }));
    expect(body.position.accounts.find((a: any) => a.account === 'cash')).toMatchObject({
      out: '8500',
      status: 'not_checked',
      words: 'No source to check: cash is counted at the desk',
    });
    for (const book of body.position.books) expect(book.balanced).toBe(true);
  });

  it('shows USDT the books cannot explain as a difference, and compares only today with the chain', async ({ chain, t, usdt, admin, wallet }) => {
    const [desk, , someoneElse] = chain.accounts as [Address, Address, Address];
    await chain.mint(usdt, someoneElse, 10n * USDT);
    await chain.blockOf(await chain.transfer(usdt, someoneElse, desk, 10n * USDT));
    expect(await wallet()).toMatchObject({
      closing: '50',
      source: { amount: '60.00' },
      difference: '-10',
      status: 'differs',
      words: 'Differs: the books show 10.00 USDT less than the chain',
    });

    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const past = await json(t.call('GET', `/api/admin/ledger/position?day=${yesterday}`, { token: admin }));
    expect(past.body.position.accounts.find((a: any) => a.account === 'wallet:TRC20')).toMatchObject({
      status: 'not_checked',
      source: { kind: 'none', reason: 'chain_past_day' },
      words: "Not checked: the chain is read at its latest block, so only today's position is compared with it",
    });
  });

  it('says a node that does not answer, or a network with none, never a balance of nothing', async ({ chain, usdt }) => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const networks = chainNetworks(parseEnv(chainEnv, { CHAIN_TRC20_RPC_URL: dead, CHAIN_TRC20_USDT_CONTRACT: hexToTron(usdt)! }));
    const balances = createWalletBalances(networks, { timeoutMs: 300, retryDelayMs: 10 });
    expect(await balances.read('TRC20', [hexToTron(chain.accounts[0]!)!])).toEqual({ state: 'unavailable' });
    expect(await balances.read('ERC20', [chain.accounts[0]!])).toEqual({ state: 'not_configured' });
    expect(await balances.read('TRC20', ['not an address'])).toEqual({ state: 'no_wallet' });
  });
});
