import { describe, expect, it } from 'vitest';
import { foldLedger, ledgerStep, LedgerGapError, type LedgerEvent } from './ledger-fold';
import { isBalanced, net, type Posting } from './posting';
import type { ChainTransferChecked } from '../order/order.events';
import {
  ACCOUNT,
  BRAND,
  BUY,
  DEPOSIT_TX,
  OTHER_BRAND,
  PAYOUT_TX,
  SELL,
  accountEvent,
  chainConfirmed,
  completedOrder,
  event,
  exampleRates,
  imported,
  lineRecorded,
  matched,
  orderEvent,
  placedOrder,
  sellPlaced,
  workedExample,
} from './ledger.fixtures';

const bank = `bank:${ACCOUNT}`;
const suspense = `suspense:${ACCOUNT}`;

/** A posting as the tests read it: its kind, brand, day and lines ("Dr bank:… 8500 INR"). */
const shape = (p: Posting) => ({
  kind: p.kind,
  tenantId: p.tenantId,
  day: p.day,
  lines: p.lines.map((l) => `${l.side === 'debit' ? 'Dr' : 'Cr'} ${l.account} ${l.amount} ${l.currency}`),
});

/** Given these events, when this one: then these postings, each balanced in every currency. */
function spec(given: LedgerEvent[]) {
  return {
    when(next: LedgerEvent) {
      const post = () => ledgerStep(foldLedger(given).memory, next);
      return {
        thenPosts(expected: ReturnType<typeof shape>[]) {
          const postings = post();
          expect(postings.map(shape)).toEqual(expected);
          for (const p of postings) expect(isBalanced(p), `${p.kind} balances`).toBe(true);
        },
        thenRefuses(message: RegExp) {
          expect(post).toThrow(LedgerGapError);
          expect(post).toThrow(message);
        },
      };
    },
  };
}

describe('the books of a bank account', () => {
  it("open on the first statement's stated balance, the day before its first day", () => {
    spec([])
      .when(imported())
      .thenPosts([{ kind: 'opening_balance', tenantId: BRAND, day: '2026-11-19', lines: [`Dr ${bank} 100000 INR`, 'Cr opening_balances 100000 INR'] }]);
  });

  it("never book a later statement's opening over lines already booked (the position compares it instead)", () => {
    spec([imported(), lineRecorded('l1')])
      .when(imported({ from: '2026-11-22', openingBalance: { on: '2026-11-22', amount: '50.00' } }))
      .thenPosts([]);
    // A first statement that states no opening begins the books at nothing.
    spec([])
      .when(imported({ openingBalance: null }))
      .thenPosts([]);
  });

  it('move as each line says, into suspense until something explains it', () => {
    spec([imported()])
      .when(lineRecorded('l1'))
      .thenPosts([{ kind: 'statement_line', tenantId: BRAND, day: '2026-11-20', lines: [`Dr ${bank} 8500 INR`, `Cr ${suspense} 8500 INR`] }]);
    spec([imported()])
      .when(lineRecorded('l2', { direction: 'debit', amount: '120.50', bookedOn: '2026-11-21' }))
      .thenPosts([{ kind: 'statement_line', tenantId: BRAND, day: '2026-11-21', lines: [`Cr ${bank} 120.5 INR`, `Dr ${suspense} 120.5 INR`] }]);
  });

  it('move a line marked for refund out of suspense into refunds to send, on its booking day', () => {
    spec([imported(), lineRecorded('l3', { amount: '7500.00' })])
      .when(accountEvent('StatementLineMarkedForRefund', { key: 'l3', note: 'Not ours', markedBy: 'admin-1', markedAt: '2026-11-23T05:00:00.000Z' }))
      .thenPosts([{ kind: 'refund_marked', tenantId: BRAND, day: '2026-11-20', lines: [`Dr ${suspense} 7500 INR`, 'Cr refunds_to_send 7500 INR'] }]);
  });

  it('refuse to post a refund of a line they never booked (the projection quarantines that event)', () => {
    spec([])
      .when(accountEvent('StatementLineMarkedForRefund', { key: 'nope', note: 'x', markedBy: 'a', markedAt: '2026-11-23T05:00:00.000Z' }))
      .thenRefuses(/line nope marked for refund, but it was never booked/);
  });
});

describe("an order's money", () => {
  it("a matched credit moves from the account's suspense to what the desk owes the customer", () => {
    spec([orderEvent(BUY, placedOrder(BUY))])
      .when(orderEvent(BUY, matched()))
      .thenPosts([{ kind: 'payment_matched', tenantId: BRAND, day: '2026-11-20', lines: [`Dr ${suspense} 8500 INR`, 'Cr owed_to_customers 8500 INR'] }]);
  });

  it('a payout debit matched to a sell pays what the desk owed', () => {
    spec([orderEvent(SELL, sellPlaced())])
      .when(orderEvent(SELL, matched({ direction: 'debit', amount: '8217.00' })))
      .thenPosts([{ kind: 'payment_matched', tenantId: BRAND, day: '2026-11-20', lines: [`Cr ${suspense} 8217 INR`, 'Dr owed_to_customers 8217 INR'] }]);
  });

  it("money paid into another brand's account posts in both brands' books, through what they owe each other", () => {
    spec([orderEvent(BUY, placedOrder(BUY))])
      .when(orderEvent(BUY, matched({ accountTenantId: OTHER_BRAND })))
      .thenPosts([
        { kind: 'payment_matched', tenantId: OTHER_BRAND, day: '2026-11-20', lines: [`Dr ${suspense} 8500 INR`, `Cr between_brands:${BRAND} 8500 INR`] },
        { kind: 'payment_matched', tenantId: BRAND, day: '2026-11-20', lines: [`Dr between_brands:${OTHER_BRAND} 8500 INR`, 'Cr owed_to_customers 8500 INR'] },
      ]);
  });
});

/** The chain read again for the sell's deposit (ChainTransferChecked): `check` is what it found. */
const depositChecked = (check: ChainTransferChecked['data']['check'], checkedAt: string) =>
  orderEvent(SELL, { type: 'ChainTransferChecked', data: { network: 'TRC20', txHash: DEPOSIT_TX, paidBy: 'customer', check, checkedAt } });

/** A re-quote's terms: at 83, 102.40 USDT gross, which at 84 is ₹8,601.60, ₹101.60 more than the customer paid. */
const REPRICED = {
  rate: '83',
  fiatAmount: '8500',
  cryptoAmount: '101.37',
  feeAmount: '1.03',
  previous: { rate: '85', fiatAmount: '8500', cryptoAmount: '99.00', feeAmount: '1.00' },
};

describe('the trade, at completion', () => {
  it.each<[why: string, given: LedgerEvent[], completion: LedgerEvent, lines: string[]]>([
    [
      'a ₹8,500 buy at 85 with a 1 % fee, against a base rate of 84: ₹100 spread, 1 USDT fee, 99 USDT owed',
      [exampleRates(), orderEvent(BUY, placedOrder(BUY))],
      orderEvent(BUY, completedOrder()),
      ['Dr owed_to_customers 8500 INR', 'Cr trading 8400 INR', 'Cr spread 100 INR', 'Dr trading 100 USDT', 'Cr fees 1 USDT', 'Cr owed_to_customers 99 USDT'],
    ],
    [
      'a 100 USDT sell at 83 with a 1 % fee, against 84: the USDT to trading, ₹100 spread, ₹83 fee, ₹8,217 owed',
      [exampleRates(), orderEvent(SELL, sellPlaced())],
      orderEvent(SELL, completedOrder({ bankUtr: 'UTR1', cryptoReference: null })),
      ['Dr owed_to_customers 100 USDT', 'Cr trading 100 USDT', 'Dr trading 8400 INR', 'Cr spread 100 INR', 'Cr fees 83 INR', 'Cr owed_to_customers 8217 INR'],
    ],
    [
      'with no settings change the base rate is the default 85: a buy at 85 has no spread',
      [orderEvent(BUY, placedOrder(BUY, { rateSource: { settingsRevision: 'defaults', rateKey: 'usdtInr' } }))],
      orderEvent(BUY, completedOrder()),
      ['Dr owed_to_customers 8500 INR', 'Cr trading 8500 INR', 'Dr trading 100 USDT', 'Cr fees 1 USDT', 'Cr owed_to_customers 99 USDT'],
    ],
    [
      'settles on the terms a re-quote set, and a spread below the base rate is a loss (a debit)',
      [exampleRates(), orderEvent(BUY, placedOrder(BUY))],
      orderEvent(BUY, completedOrder({ repriced: REPRICED })),
      [
        'Dr owed_to_customers 8500 INR',
        'Cr trading 8601.6 INR',
        'Dr spread 101.6 INR',
        'Dr trading 102.4 USDT',
        'Cr fees 1.03 USDT',
        'Cr owed_to_customers 101.37 USDT',
      ],
    ],
  ])('%s', (_why, given, completion, lines) => {
    spec(given)
      .when(completion)
      .thenPosts([{ kind: 'order_completed', tenantId: BRAND, day: '2026-11-20', lines }]);
  });

  it("measures the spread from the brand's own USDT/INR rate at the revision the order records, not a later one", () => {
    const override = event(
      `tenant-${BRAND}`,
      'TenantSettingsOverridden',
      { overrides: { rates: { usdtInr: '80' } }, changedAt: '2026-11-19T00:00:00.000Z' },
      BRAND,
      3,
    );
    const later = event(
      `tenant-${BRAND}`,
      'TenantSettingsOverridden',
      { overrides: { rates: { usdtInr: '10' } }, changedAt: '2026-11-21T00:00:00.000Z' },
      BRAND,
      4,
    );
    const placed = placedOrder(BUY, { rateSource: { settingsRevision: '0', rateKey: 'usdt_bank_buy', overrideRevision: '3' } });
    const { memory } = foldLedger([exampleRates(), override, orderEvent(BUY, placed), later]);
    const [completion] = ledgerStep(memory, orderEvent(BUY, completedOrder()));
    // 100 USDT at 80 is ₹8,000: ₹500 of spread on ₹8,500.
    expect(shape(completion!).lines).toContain('Cr spread 500 INR');
  });

  it('a cash order settles its INR at the counter as it completes', () => {
    spec([exampleRates(), orderEvent(BUY, placedOrder(BUY, { method: 'cash' }))])
      .when(orderEvent(BUY, completedOrder({ completedAt: '2026-11-20T20:00:00.000Z' })))
      .thenPosts([
        expect.objectContaining({ kind: 'order_completed', day: '2026-11-21' }),
        { kind: 'cash_settled', tenantId: BRAND, day: '2026-11-21', lines: ['Dr cash 8500 INR', 'Cr owed_to_customers 8500 INR'] },
      ] as never);
  });

  it('refuses to complete an order whose placement the books never saw', () => {
    spec([])
      .when(orderEvent(BUY, completedOrder()))
      .thenRefuses(/completed, but its placement was never booked/);
  });
});

describe('the chain', () => {
  it("a sell's confirmed payment comes into the brand's wallet on its network, once", () => {
    const deposit = orderEvent(SELL, chainConfirmed('customer', '100.00', DEPOSIT_TX));
    spec([orderEvent(SELL, sellPlaced())])
      .when(deposit)
      .thenPosts([{ kind: 'chain_transfer', tenantId: BRAND, day: '2026-11-20', lines: ['Dr wallet:TRC20 100 USDT', 'Cr owed_to_customers 100 USDT'] }]);
    // Read again (more confirmations), or named by another order: booked already.
    spec([orderEvent(SELL, sellPlaced()), deposit])
      .when(orderEvent(SELL, chainConfirmed('customer', '100.00', DEPOSIT_TX.toUpperCase().replace('0X', ''))))
      .thenPosts([]);
  });

  it("a buy's confirmed payout leaves the wallet and pays what the desk owed", () => {
    spec([orderEvent(BUY, placedOrder(BUY))])
      .when(orderEvent(BUY, chainConfirmed('desk', '99.00', PAYOUT_TX)))
      .thenPosts([{ kind: 'chain_transfer', tenantId: BRAND, day: '2026-11-20', lines: ['Cr wallet:TRC20 99 USDT', 'Dr owed_to_customers 99 USDT'] }]);
  });

  it('undoes a booked transfer when the chain no longer shows it, and not when the node merely did not answer', () => {
    const booked = [orderEvent(SELL, sellPlaced()), orderEvent(SELL, chainConfirmed('customer', '100.00', DEPOSIT_TX))];
    spec(booked)
      .when(depositChecked({ state: 'not_found' }, '2026-11-22T01:00:00.000Z'))
      .thenPosts([
        { kind: 'chain_transfer_reversed', tenantId: BRAND, day: '2026-11-22', lines: ['Cr wallet:TRC20 100 USDT', 'Dr owed_to_customers 100 USDT'] },
      ]);
    spec(booked)
      .when(depositChecked({ state: 'unavailable', reason: 'timeout' }, '2026-11-22T01:00:00.000Z'))
      .thenPosts([]);
  });

  it('books nothing for a transfer that is not (yet) the right one', () => {
    spec([orderEvent(SELL, sellPlaced())])
      .when(
        depositChecked(
          { state: 'confirming', amount: '100.00', confirmations: 3, required: 19, blockNumber: 9, minedAt: '2026-11-20T06:30:00.000Z' },
          '2026-11-20T06:31:00.000Z',
        ),
      )
      .thenPosts([]);
  });
});

describe('the worked example (docs/ledger.md)', () => {
  it('balances in each currency, and leaves the balances the doc shows', () => {
    const { postings } = foldLedger(workedExample());
    expect(postings.every(isBalanced)).toBe(true);
    const lines = postings.flatMap((p) => p.lines);
    const balance = (account: string, currency: 'INR' | 'USDT') =>
      net(
        lines.filter((l) => l.account === account),
        currency,
      ).toFixed();
    expect(net(lines, 'INR').toFixed()).toBe('0');
    expect(net(lines, 'USDT').toFixed()).toBe('0');
    expect({
      bank: balance(bank, 'INR'),
      suspense: balance(suspense, 'INR'),
      owedInr: balance('owed_to_customers', 'INR'),
      owedUsdt: balance('owed_to_customers', 'USDT'),
      wallet: balance('wallet:TRC20', 'USDT'),
      feesInr: balance('fees', 'INR'),
      feesUsdt: balance('fees', 'USDT'),
      spread: balance('spread', 'INR'),
      tradingInr: balance('trading', 'INR'),
      tradingUsdt: balance('trading', 'USDT'),
      opening: balance('opening_balances', 'INR'),
    }).toEqual({
      bank: '100283',
      suspense: '0',
      owedInr: '0',
      owedUsdt: '0',
      wallet: '1',
      feesInr: '-83',
      feesUsdt: '-1',
      spread: '-200',
      tradingInr: '0',
      tradingUsdt: '0',
      opening: '-100000',
    });
  });

  it('posts nothing for events that move no money', () => {
    expect(ledgerStep(foldLedger([]).memory, orderEvent(BUY, { type: 'OrderVerified', data: { verifiedAt: '2026-11-20T05:00:00.000Z' } }))).toEqual([]);
    expect(ledgerStep(foldLedger([]).memory, event('user-1', 'UserRegistered', {}))).toEqual([]);
  });
});
