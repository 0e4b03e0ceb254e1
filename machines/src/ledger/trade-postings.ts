/**
 * What an order's completion posts (docs/ledger.md, "The trade"): the desk exchanges what it owed
 * the customer in one currency for what it now owes them in the other, on the terms the completion
 * settled (a re-quote's, else the order's own). Each currency's half balances through the trading
 * account; the fee is revenue in the currency the customer receives, and the spread (the order's
 * rate against the brand's USDT/INR rate, base-rate.ts) is revenue in INR.
 */
import { Money } from '../pricing/decimal';
import type { OrderCompleted, OrderPlaced } from '../order/order.events';
import { ACCOUNTS } from './ledger-accounts';
import { entry, posting, type Posting } from './posting';

/** What the books keep of an order from its placement. */
export interface LedgerOrder {
  orderId: string;
  tenantId: string;
  orderType: OrderPlaced['data']['orderType'];
  method: OrderPlaced['data']['method'];
  network: OrderPlaced['data']['network'];
  rate: string;
  /** The brand's USDT/INR rate when it was placed (base-rate.ts). */
  baseRate: string;
  fiatAmount: string;
  cryptoAmount: string;
  feeAmount: string;
}

/** USDT valued in INR at the base rate, to the paisa. */
const atBase = (usdt: Money, baseRate: string) => usdt.times(baseRate).toDecimalPlaces(2, Money.ROUND_HALF_UP);

/**
 * A buy: the customer's INR (owed to them until now) becomes the desk's, at the base rate through
 * trading plus the spread; the gross USDT comes out of trading as the fee and the net USDT now owed
 * to the customer (paid when the chain shows the payout). A sell is the mirror: the USDT the
 * customer sent goes to trading; trading's INR value at the base rate is the spread, the fee and
 * the net INR owed to the customer (paid when the statement shows the payout).
 */
export function completionPostings(order: LedgerOrder, completed: OrderCompleted['data'], day: string): Posting[] {
  const terms = completed.repriced ?? order;
  const fiat = new Money(terms.fiatAmount);
  const crypto = new Money(terms.cryptoAmount);
  const fee = new Money(terms.feeAmount);
  const subject = { orderId: order.orderId, bankAccountId: null, lineKey: null, txHash: null };
  const buy = order.orderType === 'fiat_to_crypto';
  const lines = buy
    ? (() => {
        const gross = crypto.plus(fee);
        const valued = atBase(gross, order.baseRate);
        return [
          entry(ACCOUNTS.owedToCustomers, 'INR', fiat),
          entry(ACCOUNTS.trading, 'INR', valued.negated()),
          entry(ACCOUNTS.spread, 'INR', valued.minus(fiat)),
          entry(ACCOUNTS.trading, 'USDT', gross),
          entry(ACCOUNTS.fees, 'USDT', fee.negated()),
          entry(ACCOUNTS.owedToCustomers, 'USDT', crypto.negated()),
        ];
      })()
    : (() => {
        const gross = fiat.plus(fee);
        const valued = atBase(crypto, order.baseRate);
        return [
          entry(ACCOUNTS.owedToCustomers, 'USDT', crypto),
          entry(ACCOUNTS.trading, 'USDT', crypto.negated()),
          entry(ACCOUNTS.trading, 'INR', valued),
          entry(ACCOUNTS.spread, 'INR', gross.minus(valued)),
          entry(ACCOUNTS.fees, 'INR', fee.negated()),
          entry(ACCOUNTS.owedToCustomers, 'INR', fiat.negated()),
        ];
      })();
  const completion = posting('order_completed', order.tenantId, day, subject, lines);
  if (order.method !== 'cash') return [completion];
  // Cash changes hands at the counter as the order completes: no statement will show it.
  const cash = buy ? fiat : fiat.negated();
  return [
    completion,
    posting('cash_settled', order.tenantId, day, subject, [entry(ACCOUNTS.cash, 'INR', cash), entry(ACCOUNTS.owedToCustomers, 'INR', cash.negated())]),
  ];
}
