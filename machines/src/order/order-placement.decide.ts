/**
 * Placing an order, decided: the rate and fee in force for the customer's brand are captured with
 * the settings revisions they came from, the amount's limits and the rate the customer was shown
 * are checked, the amounts are computed once (the maths the screens preview) and bounded, and the
 * rate lock and payment window become times on the order. Pure: settings, time and ids come in.
 */
import type { Network, OrderPlaced, PaymentMethod, PayoutBankAccount } from './order.events';
import { formatInr, quoteBuy, quoteSell, selectFeePercent, selectRate } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { amountProblem } from '../pricing/bounds';
import type { Settings } from '../settings/settings.schema';
import { RateChangedRefusal, Refusal } from '../shared/refusal';
import { placementDeadlines } from './rate-lock';

export interface Customer {
  userId: string;
  userPhone: string;
  username: string | null;
  tenantId: string;
}

/** The brand's settings in force (the Global Settings with its overrides) and where they came from. */
export interface TermsInForce {
  settings: Settings;
  /** Revision of the Global Settings stream; null while the defaults apply. */
  settingsRevision: string | null;
  /** Revision of the brand's stream when it overrides anything, else null. */
  overrideRevision: string | null;
}

export interface PlacementTimes {
  paymentWindowMinutes: number;
  rateLockMinutes: number;
}

export interface PlaceBuy {
  fiatAmount: string;
  network: Network;
  withdrawAddress: string;
  method: PaymentMethod;
  expectedRate?: string | undefined;
}

export interface PlaceSell {
  cryptoAmount: string;
  network: Network;
  method: PaymentMethod;
  payoutBankAccount: PayoutBankAccount | null;
  expectedRate?: string | undefined;
  /** Where the customer sends USDT: the brand's active TRC20 wallet; without one the sell is refused. */
  depositAddress: string | null;
}

/** A sell needs somewhere to send the USDT: the brand's active TRC20 wallet (decision 0018). */
export const NO_DEPOSIT_ADDRESS = 'This brand has no USDT (TRC20) deposit address yet. Please try again later.';
/** Fees that take the whole amount (or rounding that leaves nothing) would place an order paying out nothing. */
export const NOTHING_AFTER_FEES = 'The amount after fees is zero. Please enter a larger amount.';
/** Whether a quote's net amount (what the customer receives) is nothing; the trading forms ask it too. */
export const paysNothing = (net: string): boolean => !new Money(net).gt(0);

/** The order's terms: everything OrderPlaced records but its id and reference code, which are drawn after. */
export type PlacedTerms = Omit<OrderPlaced['data'], 'orderId' | 'refCode'>;

function checkRange(amount: string, range: { min: string; max: string }, path: string, describe: (v: string) => string): void {
  const value = new Money(amount);
  if (value.lt(range.min)) throw Refusal.invalid(path, `Minimum order amount is ${describe(range.min)}`);
  if (value.gt(range.max)) throw Refusal.invalid(path, `Maximum order amount is ${describe(range.max)}`);
}

function rateInForce(terms: TermsInForce, side: 'buy' | 'sell', method: PaymentMethod, expectedRate: string | undefined) {
  const { rate, rateKey } = selectRate(terms.settings.rates, side, method);
  if (expectedRate !== undefined && !new Money(expectedRate).eq(new Money(rate))) throw new RateChangedRefusal(rate);
  return {
    rate,
    rateSource: { settingsRevision: terms.settingsRevision ?? 'defaults', overrideRevision: terms.overrideRevision, rateKey },
    feePercent: selectFeePercent(terms.settings.fees, side),
  };
}

function placed(
  customer: Customer,
  times: PlacementTimes,
  at: Date,
  terms: Omit<PlacedTerms, keyof Customer | 'placedAt' | 'rateLockedUntil' | 'paymentDueAt'>,
): PlacedTerms {
  // Every amount the order records stays within the bounds (a limit set far too high must not overflow).
  for (const path of ['fiatAmount', 'cryptoAmount', 'feeAmount'] as const) {
    const problem = amountProblem(terms[path]);
    if (problem) throw Refusal.invalid(path, problem);
  }
  return {
    ...terms,
    ...customer,
    placedAt: at.toISOString(),
    ...placementDeadlines(at, times),
  };
}

export function decideBuy(customer: Customer, command: PlaceBuy, terms: TermsInForce, times: PlacementTimes, at: Date): PlacedTerms {
  checkRange(command.fiatAmount, terms.settings.limits.buyInr, 'fiatAmount', formatInr);
  const price = rateInForce(terms, 'buy', command.method, command.expectedRate);
  const quote = quoteBuy({ fiatAmount: command.fiatAmount, rate: price.rate, feePercent: price.feePercent });
  if (paysNothing(quote.netUsdt)) throw Refusal.invalid('fiatAmount', NOTHING_AFTER_FEES);
  return placed(customer, times, at, {
    ...price,
    orderType: 'fiat_to_crypto',
    method: command.method,
    network: command.network,
    fiatAmount: quote.fiatAmount,
    cryptoAmount: quote.netUsdt,
    feeAmount: quote.feeUsdt,
    withdrawAddress: command.withdrawAddress,
    depositAddress: null,
    payoutBankAccount: null,
  });
}

export function decideSell(customer: Customer, command: PlaceSell, terms: TermsInForce, times: PlacementTimes, at: Date): PlacedTerms {
  checkRange(command.cryptoAmount, terms.settings.limits.sellUsdt, 'cryptoAmount', (v) => `${v} USDT`);
  const price = rateInForce(terms, 'sell', command.method, command.expectedRate);
  const quote = quoteSell({ cryptoAmount: command.cryptoAmount, rate: price.rate, feePercent: price.feePercent });
  if (paysNothing(quote.netInr)) throw Refusal.invalid('cryptoAmount', NOTHING_AFTER_FEES);
  if (!command.depositAddress) throw Refusal.conflict('no_deposit_address', NO_DEPOSIT_ADDRESS);
  return placed(customer, times, at, {
    ...price,
    orderType: 'crypto_to_fiat',
    method: command.method,
    network: command.network,
    fiatAmount: quote.netInr,
    cryptoAmount: quote.cryptoAmount,
    feeAmount: quote.feeInr,
    withdrawAddress: null,
    depositAddress: command.depositAddress,
    payoutBankAccount: command.payoutBankAccount,
  });
}
