import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';

interface OrderAmounts {
  type: string;
  fiatAmount: string;
  cryptoAmount: string;
}

/** Anything other than a buy is displayed as a sell (seed-spec section 3). */
export const isBuyOrder = (order: { type: string }) => order.type === 'fiat_to_crypto';

export const orderTypeLabel = (order: { type: string }) => (isBuyOrder(order) ? 'Buy USDT' : 'Sell USDT');

/** What the customer gives: INR for a buy, USDT for a sell. */
export const amountGiven = (order: OrderAmounts) => (isBuyOrder(order) ? formatInr(order.fiatAmount) : formatUsdt(order.cryptoAmount));

/** What the customer receives after the fee: USDT for a buy, INR for a sell. */
export const amountReceived = (order: OrderAmounts) => (isBuyOrder(order) ? formatUsdt(order.cryptoAmount) : formatInr(order.fiatAmount));

/** Addresses are long and alike at a glance; the ends are what people compare (first 8, last 8). */
export function shortAddress(address: string): string {
  return address.length <= 19 ? address : `${address.slice(0, 8)}...${address.slice(-8)}`;
}
