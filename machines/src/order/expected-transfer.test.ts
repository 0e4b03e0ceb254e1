/**
 * Given an order's events, when its chain check is asked for, then the transaction, the address
 * and the amount the chain must show (or why there is nothing to check yet).
 */
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from './order.events';
import { at, cryptoSent, placed, placedSell, proof, verified } from './order.fixtures';
import { foldOrder, orderView, type OrderView } from './order-state';
import { expectedTransfer } from './expected-transfer';

const HASH = '0x' + 'ab'.repeat(32);
const DEPOSIT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const CUSTOMER_WALLET = '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29';

const viewOf = (events: OrderEvent[]): OrderView => orderView(foldOrder(events))!;

describe('what the chain must show for an order', () => {
  it("given a sell with the customer's proof, then their transaction paying the order's USDT to the deposit address", () => {
    const sell = viewOf([placedSell({ depositAddress: DEPOSIT, cryptoAmount: '250.75' }), proof({ reference: 'AB'.repeat(32) })]);
    expect(expectedTransfer(sell)).toEqual({
      ok: true,
      transfer: { network: 'TRC20', txHash: HASH, paidBy: 'customer', expectation: { to: DEPOSIT, amount: '250.75', notBefore: at(0) } },
    });
  });

  it("given a buy the desk paid out, then the desk's transaction paying the net USDT to the customer's wallet", () => {
    const buy = viewOf([
      placed({ network: 'ERC20', withdrawAddress: CUSTOMER_WALLET, cryptoAmount: '11.23', feeAmount: '0.06' }),
      proof({ reference: 'UTR412345678901' }),
      verified(),
      cryptoSent(HASH),
    ]);
    expect(expectedTransfer(buy)).toEqual({
      ok: true,
      transfer: { network: 'ERC20', txHash: HASH, paidBy: 'desk', expectation: { to: CUSTOMER_WALLET, amount: '11.23', notBefore: at(0) } },
    });
  });

  it("never takes a buy's bank UTR for its crypto transaction", () => {
    const buy = viewOf([placed({ withdrawAddress: CUSTOMER_WALLET }), proof({ reference: 'ab'.repeat(32) })]);
    expect(expectedTransfer(buy)).toEqual({ ok: false, missing: 'no_transaction' });
  });

  it("checks a completion's payout and new amount before the order holds them", () => {
    const buy = viewOf([placed({ network: 'POLYGON', withdrawAddress: CUSTOMER_WALLET }), proof(), verified()]);
    const result = expectedTransfer(buy, { txHash: 'CD'.repeat(32), cryptoAmount: '11.10' });
    expect(result).toMatchObject({ ok: true, transfer: { txHash: '0x' + 'cd'.repeat(32), expectation: { amount: '11.10' } } });
  });

  it('says what is missing when there is nothing to check', () => {
    expect(expectedTransfer(viewOf([placedSell({ depositAddress: null }), proof({ reference: HASH })]))).toEqual({ ok: false, missing: 'no_deposit_address' });
    expect(expectedTransfer(viewOf([placed({ withdrawAddress: ' ' })]))).toEqual({ ok: false, missing: 'no_withdraw_address' });
    expect(expectedTransfer(viewOf([placedSell({ depositAddress: DEPOSIT })]))).toEqual({ ok: false, missing: 'no_transaction' });
    expect(expectedTransfer(viewOf([placedSell({ depositAddress: DEPOSIT }), proof({ reference: 'sent it from my Binance' })]))).toEqual({
      ok: false,
      missing: 'not_a_transaction_hash',
    });
  });
});
