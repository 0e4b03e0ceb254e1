import { useSay, useT } from '../../../i18n/use-t';
import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import type { Order } from '../customer-api';
import { amountGiven, amountReceived, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';

/** View Details links are relative, so /orders and /dashboard/orders each stay in their own path set. */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const t = useT();
  const say = useSay();
  return (
    <DataTable
      rows={orders}
      rowKey={(o) => o._id}
      columns={[
        { header: t('customer.orders.reference'), kind: 'title', cell: (o) => o.refCode },
        { header: t('customer.orders.type'), cell: (o) => say(orderTypeLabel(o)) },
        { header: t('customer.orders.status'), cell: (o) => <span className={`badge ${o.status}`}>{say(statusLabel(o.status))}</span> },
        { header: t('customer.orders.amount'), cell: (o) => amountGiven(o) },
        { header: t('customer.orders.net'), cell: (o) => amountReceived(o) },
        { header: t('customer.orders.created'), cell: (o) => formatDateTime(o.createdAt) },
        {
          header: t('customer.orders.actions'),
          kind: 'actions',
          cell: (o) => (
            <Link className="btn secondary small" to={o._id} aria-label={t('customer.orders.viewOf', { ref: o.refCode })}>
              {t('customer.orders.view')}
            </Link>
          ),
        },
      ]}
    />
  );
}
