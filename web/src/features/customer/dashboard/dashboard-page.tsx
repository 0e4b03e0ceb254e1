import { useSay, useT } from '../../../i18n/use-t';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import type { Order } from '../customer-api';
import { useOrders } from '../customer-queries';
import { PaymentDetailsModal } from '../payment/payment-details-modal';
import { TradingTabs } from '../trading/trading-tabs';
import { LiveRates } from './live-rates';
import { OrderCounts } from './order-counts';
import { OrderCreatedBanner } from './order-created-banner';

export function DashboardPage() {
  const t = useT();
  const say = useSay();
  const orders = useOrders();
  const [created, setCreated] = useState<Order | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  return (
    <div className="stack">
      <h1>{t('customer.dashboard.title')}</h1>
      {created && <OrderCreatedBanner refCode={created.refCode} onDismiss={() => setCreated(null)} />}
      <ErrorAlert>{orders.isError && say('Failed to load orders')}</ErrorAlert>
      <OrderCounts orders={orders.data} />
      <div className="dashboard-grid">
        <TradingTabs
          onPlaced={(order) => {
            setCreated(order);
            setPaying(order);
          }}
        />
        <LiveRates />
      </div>
      {paying && <PaymentDetailsModal order={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
