/**
 * Orders checked against a real EVM node (issue 28, "Done when"): anvil with a 6-decimal TestUsdt as
 * the ERC20 network's USDT. A sell's payment is read and shown verified on chain once confirmed; a
 * buy's payout to another address is refused before it is recorded (the brand's default), recorded
 * flagged where the brand chose that, and the right payout is recorded with what the chain showed.
 */
import { describe, expect } from 'vitest';
import type { Address } from 'viem';
import { chainAppTestWith, USDT } from '../support/chain-app-fixtures';
import { createCustomer, json } from '../support/test-app';
import { changeConfirmed } from '../support/desk-changes';
import { orderStream } from '../../services/src/orders/order-store';

const it = chainAppTestWith(['ERC20', 'TRC20']);

describe('orders checked on the chain', () => {
  it('reads a sell’s payment (TRC20, addresses in Tron’s form): confirming, then verified on chain once it has its confirmations', async ({
    chain,
    t,
    admin,
    paidSell,
  }) => {
    const { id } = await paidSell('+919822000001');

    await t.deps.orders.commands.recordChainCheck(id);
    const first = (await json(t.call('GET', `/api/admin/orders/${id}`, { token: admin }))).body;
    expect(first.chainCheck).toMatchObject({ network: 'TRC20', paidBy: 'customer', state: 'confirming', confirmations: 1, required: 3 });
    await chain.mine(2);
    await t.deps.orders.commands.recordChainCheck(id);
    // Nothing new: not recorded again.
    await t.deps.orders.commands.recordChainCheck(id);
    const confirmed = (await json(t.call('GET', `/api/admin/orders/${id}`, { token: admin }))).body;
    expect(confirmed.chainCheck).toMatchObject({ state: 'confirmed', confirmations: 3, required: 3, words: expect.stringContaining('Verified on chain') });
    const types = (await t.deps.eventStore.readStream(orderStream(id))).map((e) => e.type);
    expect(types.filter((type) => type === 'ChainTransferChecked')).toHaveLength(2);
  });

  it('refuses a buy’s payout to another address before it is recorded, and records the right one', async ({ chain, t, usdt, admin }) => {
    const [desk, customerWallet, someoneElse] = chain.accounts as [Address, Address, Address];
    await chain.mint(usdt, desk, 10_000n * USDT);
    const customer = await createCustomer(t, '+919822000002');
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        body: { fiatAmount: 8_500, network: 'ERC20', withdrawAddress: customerWallet, method: 'bank' },
      }),
    );
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; cryptoAmount: string };
    expect(order.cryptoAmount).toBe('100.00');
    expect((await t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { bankReference: '412345678901' } })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const before = (await t.deps.eventStore.readStream(orderStream(order._id))).length;

    const wrong = await chain.transfer(usdt, desk, someoneElse, 100n * USDT);
    await chain.blockOf(wrong);
    const refused = await json(t.call('POST', `/api/admin/orders/${order._id}/crypto-sent`, { token: admin, body: { cryptoReference: wrong } }));
    expect(refused).toMatchObject({ status: 409, body: { code: 'payout_mismatch', error: expect.stringContaining('The USDT went elsewhere') } });
    const short = await chain.transfer(usdt, desk, customerWallet, 99n * USDT);
    await chain.blockOf(short);
    expect(await json(t.call('POST', `/api/admin/orders/${order._id}/complete`, { token: admin, body: { cryptoReference: short } }))).toMatchObject({
      status: 409,
      body: { code: 'payout_mismatch', error: expect.stringContaining('99.00 USDT reached') },
    });
    expect((await t.deps.eventStore.readStream(orderStream(order._id))).length).toBe(before); // nothing recorded

    const right = await chain.transfer(usdt, desk, customerWallet, 100n * USDT);
    await chain.blockOf(right);
    const sent = await json(t.call('POST', `/api/admin/orders/${order._id}/crypto-sent`, { token: admin, body: { cryptoReference: right } }));
    expect(sent.status).toBe(200);
    expect(sent.body.order).toMatchObject({ status: 'crypto_sent', chainCheck: { paidBy: 'desk', state: 'confirming' } });
  });

  it('records a payout the chain disputes, flagged, where the brand chose that (a change a second admin confirms)', async ({ chain, t, usdt, admin }) => {
    const [desk, customerWallet, someoneElse] = chain.accounts as [Address, Address, Address];
    const change = await changeConfirmed(t, 'PUT', '/api/admin/settings', { token: admin, body: { controls: { chainPayoutMismatch: 'flag' } } });
    expect(change.confirmed).toBe(true);
    const customer = await createCustomer(t, '+919822000003');
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        body: { fiatAmount: 8_500, network: 'ERC20', withdrawAddress: customerWallet, method: 'bank' },
      }),
    );
    const id = placed.body.order._id as string;
    expect((await t.call('POST', `/api/admin/orders/${id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const wrong = await chain.transfer(usdt, desk, someoneElse, 100n * USDT);
    await chain.blockOf(wrong);
    const sent = await json(t.call('POST', `/api/admin/orders/${id}/crypto-sent`, { token: admin, body: { cryptoReference: wrong } }));
    expect(sent.status).toBe(200);
    expect(sent.body.order.chainCheck).toMatchObject({ state: 'wrong_address' });
    const detail = (await json(t.call('GET', `/api/admin/orders/${id}`, { token: admin }))).body;
    expect(detail.flags).toEqual([expect.objectContaining({ kind: 'payout_mismatch' })]);
  });
});
