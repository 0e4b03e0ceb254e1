import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isOpenStatus } from '@desk/machines/order/order-state';
import { useToast } from '../../../components/toasts';
import { isNotFound } from '../../../lib/api';
import { NotFoundCard } from '../../../components/not-found-card';
import { adminApi, adminKeys } from '../admin-api';
import { useAdminScope } from '../use-admin-scope';
import { adminActions } from '../orders/admin-order-actions';
import { OrderSummary } from './order-summary';
import { AddressCard, ReferencesCard, UserInfoCard } from './order-info-cards';
import { PaymentProof } from './payment-proof';
import { AdminActionsCard } from './admin-actions-card';
import { StatusCard } from './status-card';
import { OrderHistory } from './order-history';
import { OrderAlerts } from './order-alerts';
import { PaymentBadge } from '../reconciliation/payment-badge';
import { CompletionRequestCard } from './completion-request-card';
import { useLivePolling } from '../../../lib/live-updates';
import { BackLink } from '../../../components/back-link';

/** While an order can still move (a customer's proof, another admin), it is asked for again this often. */
const OPEN_ORDER_REFRESH_MS = 10_000;

const backToOrders = <BackLink to="/admin/orders">← Back to Orders</BackLink>;

export function AdminOrderDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { operator } = useAdminScope();
  const poll = useLivePolling();
  const order = useQuery({
    queryKey: adminKeys.order(id),
    queryFn: () => adminApi.order(id),
    refetchInterval: (query) => (query.state.data && isOpenStatus(query.state.data.status) ? poll(OPEN_ORDER_REFRESH_MS) : false),
  });
  const notFound = isNotFound(order.error);
  const failed = order.isError && !notFound && !order.data;
  const left = useRef(false);

  useEffect(() => {
    // Anything but "not found" sends the admin back to the list, once (effects may run twice in development).
    if (!failed || left.current) return;
    left.current = true;
    toast('Failed to load order details', 'error');
    navigate('/admin/orders', { replace: true });
  }, [failed, navigate, toast]);

  if (notFound) {
    return (
      <section className="stack admin-screen">
        {backToOrders}
        <NotFoundCard title="Order not found" />
      </section>
    );
  }
  if (!order.data) {
    return (
      <section className="stack admin-screen">
        {backToOrders}
        {order.isPending && <p className="muted">Loading order...</p>}
      </section>
    );
  }

  const o = order.data;
  // Less what a completion waiting for a second admin holds (the server refuses them too): its card is the one to act on.
  const actions = adminActions(o);
  return (
    <section className="stack admin-screen">
      {backToOrders}
      <OrderSummary order={o} />
      <OrderAlerts order={o} />
      {/* First after the alerts, full width: at any size it is what both admins must act on before anything else. */}
      {o.completionRequest && <CompletionRequestCard key={o.completionRequest.requestId} order={o} request={o.completionRequest} />}
      <section className="card" aria-labelledby="payment-checks-title">
        <h2 id="payment-checks-title" className="small-heading">
          Payment checks
        </h2>
        <PaymentBadge bankMatch={o.bankMatch} chainCheck={o.chainCheck} detailed />
      </section>
      <div className="admin-detail-grid">
        <div className="stack">
          <UserInfoCard order={o} showBrand={operator} />
          <ReferencesCard order={o} />
          <AddressCard order={o} />
          <PaymentProof attachments={o.attachments} />
        </div>
        <div className="stack">
          {actions.length > 0 && <AdminActionsCard order={o} actions={actions} />}
          <StatusCard order={o} />
          <OrderHistory orderId={o._id} />
        </div>
      </div>
    </section>
  );
}
