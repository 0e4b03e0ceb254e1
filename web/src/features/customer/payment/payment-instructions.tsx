import type { Order } from '../customer-api';
import { isBuyOrder } from '../../../lib/order-format';

/** The few steps between placing an order and getting paid, worded for the order's side and method. */
export function PaymentInstructions({ order }: { order: Pick<Order, 'type' | 'refCode' | 'network' | 'method'> }) {
  const buy = isBuyOrder(order);
  const pay =
    order.method === 'cash'
      ? `Pay the exact amount in cash and quote ${order.refCode}.`
      : `Transfer the exact amount from your own bank account; mention ${order.refCode} in the remarks.`;
  return (
    <ol className="instructions">
      <li>{buy ? pay : `Send the exact USDT amount on ${order.network} only; another network loses the funds.`}</li>
      <li>{buy ? 'Enter the UTR of your transfer' : 'Enter the transaction hash'} and/or attach a screenshot as proof.</li>
      <li>We verify the payment and {buy ? 'send the USDT to your address' : 'pay the INR to your account'}; the order status updates here.</li>
    </ol>
  );
}
