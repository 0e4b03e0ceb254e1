import { useSay, useT } from '../../../i18n/use-t';
import { Link, useParams } from 'react-router';
import { isOpenStatus, statusLabel } from '@desk/machines/order/order-state';
import { isNotFound } from '../../../lib/api';
import { customerActions } from '../../../lib/order-actions';
import { LIVE_REFRESH_MS, useOrder, useOrders } from '../customer-queries';
import { isBuyOrder } from '../../../lib/order-format';
import { OperatorBankDetails } from '../payment/operator-bank-details';
import { OperatorWalletDetails } from '../payment/operator-wallet-details';
import { PaymentInstructions } from '../payment/payment-instructions';
import { AttachmentList } from '../../../components/attachment-list';
import { CancelOrderButton } from './cancel-order-button';
import { OrderFields } from './order-fields';
import { ProofUploadForm } from './proof-upload-form';

/** One order; reached as /dashboard/orders/:id and /orders/:orderId. */
export function OrderDetailPage() {
  const t = useT();
  const say = useSay();
  const params = useParams();
  const id = params.id ?? params.orderId ?? '';
  const { data: order, error, isPending } = useOrder(id);
  // The list (counts, notifications) follows the same changes while this order can still move.
  useOrders({ refetchInterval: order && isOpenStatus(order.status) ? LIVE_REFRESH_MS : undefined });
  const back = (
    <Link to=".." relative="path">
      {t('customer.order.back')}
    </Link>
  );

  if (isPending) return <p className="muted">{t('customer.order.loading')}</p>;
  if (!order) {
    return (
      <section className="card">
        <p role="alert" className="error">
          {say(isNotFound(error) ? 'Order not found' : 'Failed to load order details')}
        </p>
        {back}
      </section>
    );
  }

  const actions = customerActions(order);
  const buy = isBuyOrder(order);
  return (
    <div className="stack">
      {back}
      <section className="card">
        <div className="row space-between">
          <h1>{t('customer.order.title', { ref: order.refCode })}</h1>
          <span className={`badge ${order.status}`}>{t('customer.order.status', { status: say(statusLabel(order.status)) })}</span>
        </div>
        <OrderFields order={order} />
        {actions.includes('cancel') && <CancelOrderButton order={order} />}
      </section>
      {order.status === 'pending' && (
        <section className="card" aria-labelledby="pay-title">
          <h2 id="pay-title">{t('customer.order.payTitle')}</h2>
          {buy ? <OperatorBankDetails /> : <OperatorWalletDetails depositAddress={order.depositAddress} />}
          <PaymentInstructions order={order} />
        </section>
      )}
      {order.status === 'expired' && actions.includes('submitProof') && (
        <p className="card muted" role="note">
          {order.latePayment ? t('customer.order.lateProof') : t('customer.order.windowClosed')}
        </p>
      )}
      {actions.includes('submitProof') && <ProofUploadForm key={order._id} order={order} />}
      <AttachmentList attachments={order.attachments} />
    </div>
  );
}
