import { useT } from '../../../i18n/use-t';
import type { Order } from '../customer-api';
import { isBuyOrder } from '../../../lib/order-format';

/** The few steps between placing an order and getting paid, worded for the order's side and method. */
export function PaymentInstructions({ order }: { order: Pick<Order, 'type' | 'refCode' | 'network' | 'method'> }) {
  const t = useT();
  const buy = isBuyOrder(order);
  const network = order.network ?? '';
  const pay = order.method === 'cash' ? t('customer.pay.cash', { ref: order.refCode }) : t('customer.pay.transfer', { ref: order.refCode });
  return (
    <ol className="instructions">
      <li>{buy ? pay : t('customer.pay.sendUsdt', { network })}</li>
      <li>{buy ? t('customer.pay.proofUtr') : t('customer.pay.proofHash')}</li>
      <li>{buy ? t('customer.pay.verifyBuy') : t('customer.pay.verifySell')}</li>
    </ol>
  );
}
