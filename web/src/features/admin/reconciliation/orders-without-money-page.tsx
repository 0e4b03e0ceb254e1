import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatInr } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import { Loaded } from '../../../components/loaded';
import { formatDateTime } from '../../../lib/format-date-time';
import { orderTypeLabel } from '../../../lib/order-format';
import { PageHead } from '../ui/page-head';
import { tenantApi } from '../tenants/tenant-api';
import { tenantKeys } from '../tenants/tenant-queries';
import { QueueFilterFields, useQueueFilters } from './queue-filters';
import { reconciliationApi, reconciliationKeys, type OrderWithoutMoney } from './reconciliation-api';
import { ReconciliationNav } from './reconciliation-nav';
import '../admin-forms.css';
import './reconciliation.css';

const MISSING: Record<string, string> = {
  credit: 'No credit from the customer on any statement',
  debit: 'No payout to the customer on any statement',
};

/**
 * Orders the desk treats as paid with no bank line behind them: buys verified or completed with no
 * matching credit, sells completed with no payout debit. Each opens its order.
 */
export function OrdersWithoutMoneyPage() {
  const filters = useQueueFilters();
  const orders = useQuery({
    queryKey: reconciliationKeys.ordersWithoutMoney(filters.query),
    queryFn: () => reconciliationApi.ordersWithoutMoney(filters.query),
  });
  const brands = useQuery({ queryKey: tenantKeys.all, queryFn: tenantApi.list, enabled: filters.operator });
  const brandName = (id: string) => brands.data?.tenants.find((brand) => brand._id === id)?.name ?? id;
  return (
    <div className="admin-page">
      <PageHead title="Orders without money" note="Orders verified or completed that no bank statement line backs yet: check each against the bank." />
      <ReconciliationNav />
      {filters.operator && (
        <div className="row queue-filters">
          <QueueFilterFields filters={filters} withDirection={false} />
        </div>
      )}
      <section className="card" aria-label="Orders without money">
        <Loaded query={orders} loading="Loading orders..." failed="Failed to load the orders without money">
          {(list) => (
            <DataTable<OrderWithoutMoney>
              className="admin-table"
              label="Orders without money"
              rows={list}
              rowKey={(order) => order.orderId}
              empty={<p className="admin-empty">None: every verified or completed order has its bank line.</p>}
              columns={[
                {
                  header: 'Order',
                  rowHeader: true,
                  className: 'nowrap',
                  cell: (order) => <Link to={`/admin/orders/${order.orderId}`}>{order.refCode}</Link>,
                },
                filters.operator && { header: 'Brand', className: 'nowrap', cell: (order) => brandName(order.tenantId) },
                { header: 'Type', className: 'nowrap', cell: (order) => orderTypeLabel({ type: order.orderType }) },
                { header: 'Status', className: 'nowrap', cell: (order) => statusLabel(order.status) },
                { header: 'Amount', className: 'nowrap num', cell: (order) => formatInr(order.fiatAmount) },
                { header: 'Reference given', className: 'nowrap', cell: (order) => order.reference ?? '-' },
                { header: 'Missing', className: 'wrap', cell: (order) => MISSING[order.missing] ?? order.missing },
                { header: 'Since', className: 'nowrap', cell: (order) => formatDateTime(order.since) },
              ]}
            />
          )}
        </Loaded>
      </section>
    </div>
  );
}
