/**
 * Events for the books' tests, and the worked example of docs/ledger.md: a brand whose USDT/INR rate
 * is 84 buys at 85 and sells at 83 with a 1 % fee; a customer buys with ₹8,500 (100 USDT gross, 1
 * USDT fee, 99 USDT sent), another sells 100 USDT (₹8,300 gross, ₹83 fee, ₹8,217 paid). Test support.
 */
import type { ChainTransferChecked, OrderCompleted, OrderEvent, OrderPlaced, PaymentMatched } from '../order/order.events';
import type { StatementImported, StatementLineRecorded } from '../reconciliation/bank-statement.events';
import type { StatementLine } from '../reconciliation/statement';
import { DEFAULT_SETTINGS } from '../settings/settings.schema';
import type { LedgerEvent } from './ledger-fold';

export const BRAND = 'zen';
export const OTHER_BRAND = 'sunrise';
export const ACCOUNT = '11111111-1111-4111-8111-111111111111';
export const BUY = '22222222-2222-4222-8222-222222222222';
export const SELL = '33333333-3333-4333-8333-333333333333';
export const STATEMENT = '44444444-4444-4444-8444-444444444444';
export const PAYOUT_TX = `0x${'9a'.repeat(32)}`;
export const DEPOSIT_TX = `0x${'5c'.repeat(32)}`;

const positions = new Map<string, number>();
/** An event of `streamId`, at `position` or the next position of that stream in this test file. */
export function event(streamId: string, type: string, data: unknown, tenantId = BRAND, position?: number): LedgerEvent {
  const at = position ?? positions.get(streamId) ?? 0;
  positions.set(streamId, at + 1);
  return { streamId, streamPosition: at, type, data, tenantId };
}

export const orderEvent = (orderId: string, e: OrderEvent, tenantId = BRAND) => event(`order-${orderId}`, e.type, e.data, tenantId);
export const accountEvent = (type: string, data: unknown, accountId = ACCOUNT, tenantId = BRAND) => event(`bankaccount-${accountId}`, type, data, tenantId);

/** The Global Settings with the example's rates, as the settings stream's change at `revision` (its first: 0). */
export const exampleRates = (usdtInr = '84', revision = 0) =>
  event(
    'settings-default',
    'SettingsChanged',
    {
      ...DEFAULT_SETTINGS,
      rates: { usdtInr, usdt_bank_buy: '85', usdt_bank_sell: '83', usdt_cash_buy: '85', usdt_cash_sell: '83' },
      changedAt: '2026-11-19T04:00:00.000Z',
    },
    'default',
    revision,
  );

export function placedOrder(orderId: string, data: Partial<OrderPlaced['data']> = {}): OrderEvent {
  const buy = (data.orderType ?? 'fiat_to_crypto') === 'fiat_to_crypto';
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      refCode: `ORD-${orderId.slice(0, 6)}`,
      userId: 'user-1',
      userPhone: '+919800000001',
      username: null,
      tenantId: BRAND,
      orderType: 'fiat_to_crypto',
      method: 'bank',
      network: 'TRC20',
      rate: buy ? '85' : '83',
      rateSource: { settingsRevision: '0', rateKey: buy ? 'usdt_bank_buy' : 'usdt_bank_sell', overrideRevision: null },
      feePercent: '1',
      fiatAmount: buy ? '8500' : '8217',
      cryptoAmount: buy ? '99.00' : '100.00',
      feeAmount: buy ? '1.00' : '83',
      withdrawAddress: buy ? 'TXyz1234567890abcdefABCDEF12345678' : null,
      depositAddress: buy ? null : 'TOperatorWallet000000000000000000',
      payoutBankAccount: null,
      placedAt: '2026-11-20T04:00:00.000Z',
      rateLockedUntil: '2026-11-20T04:05:00.000Z',
      paymentDueAt: '2026-11-20T05:00:00.000Z',
      ...data,
    },
  };
}

export const sellPlaced = (orderId = SELL, data: Partial<OrderPlaced['data']> = {}) => placedOrder(orderId, { orderType: 'crypto_to_fiat', ...data });

export function imported(data: Partial<StatementImported['data']> = {}) {
  return accountEvent('StatementImported', {
    statementId: STATEMENT,
    fileName: 'hdfc.csv',
    fileSha256: 'f'.repeat(64),
    format: 'csv',
    accountNumber: 'XXXX5678',
    from: '2026-11-20',
    to: '2026-11-20',
    openingBalance: { on: '2026-11-20', amount: '100000.00' },
    closingBalance: { on: '2026-11-20', amount: '100283.00' },
    lineCount: 2,
    newLineCount: 2,
    importedBy: 'admin-1',
    importedAt: '2026-11-21T05:00:00.000Z',
    ...data,
  } satisfies StatementImported['data']);
}

export function lineRecorded(key: string, line: Partial<StatementLine> = {}, accountId = ACCOUNT, tenantId = BRAND) {
  return accountEvent(
    'StatementLineRecorded',
    {
      statementId: STATEMENT,
      key,
      line: {
        bookedOn: '2026-11-20',
        valueOn: '2026-11-20',
        direction: 'credit',
        amount: '8500.00',
        narration: 'UPI-RAVI KUMAR-412345678901',
        bankReference: null,
        balanceAfter: null,
        ...line,
      },
    } satisfies StatementLineRecorded['data'],
    accountId,
    tenantId,
  );
}

export const matched = (data: Partial<PaymentMatched['data']> = {}): OrderEvent => ({
  type: 'PaymentMatched',
  data: {
    accountId: ACCOUNT,
    accountTenantId: BRAND,
    accountLabel: 'HDFC Bank ••••5678',
    lineKey: 'line-buy',
    statementId: STATEMENT,
    bookedOn: '2026-11-20',
    direction: 'credit',
    amount: '8500.00',
    reference: '412345678901',
    payerName: 'Ravi Kumar',
    narration: 'UPI-RAVI KUMAR-412345678901',
    via: 'reference',
    flags: [],
    note: null,
    matchedBy: null,
    matchedAt: '2026-11-21T05:01:00.000Z',
    ...data,
  },
});

export const completedOrder = (data: Partial<OrderCompleted['data']> = {}): OrderEvent => ({
  type: 'OrderCompleted',
  data: { completedAt: '2026-11-20T06:00:00.000Z', bankUtr: null, cryptoReference: PAYOUT_TX, repriced: null, ...data },
});

export const chainConfirmed = (paidBy: 'customer' | 'desk', amount: string, txHash: string, data: Partial<ChainTransferChecked['data']> = {}): OrderEvent => ({
  type: 'ChainTransferChecked',
  data: {
    network: 'TRC20',
    txHash,
    paidBy,
    check: { state: 'confirmed', amount, confirmations: 19, required: 19, blockNumber: 1000, minedAt: '2026-11-20T06:30:00.000Z' },
    checkedAt: '2026-11-20T06:32:00.000Z',
    ...data,
  },
});

/** The worked example's whole history: the rates, the statement's opening, the buy and the sell, each paid and settled. */
export function workedExample(): LedgerEvent[] {
  return [
    exampleRates(),
    orderEvent(BUY, placedOrder(BUY)),
    imported(),
    lineRecorded('line-buy'),
    orderEvent(BUY, matched()),
    orderEvent(BUY, completedOrder()),
    orderEvent(BUY, chainConfirmed('desk', '99.00', PAYOUT_TX)),
    orderEvent(SELL, sellPlaced()),
    orderEvent(SELL, chainConfirmed('customer', '100.00', DEPOSIT_TX)),
    orderEvent(SELL, completedOrder({ bankUtr: 'HDFCR52026112000000001', cryptoReference: null, completedAt: '2026-11-20T07:00:00.000Z' })),
    lineRecorded('line-sell', { direction: 'debit', amount: '8217.00', narration: 'RTGS DR-HDFCR52026112000000001' }),
    orderEvent(SELL, matched({ lineKey: 'line-sell', direction: 'debit', amount: '8217.00', reference: 'HDFCR52026112000000001' })),
  ];
}
