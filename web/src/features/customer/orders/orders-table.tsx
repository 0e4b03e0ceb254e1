import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import type { Order } from '../customer-api';
import { amountGiven, amountReceived, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';

/** View Details links are relative, so /orders and /dashboard/orders each stay in their own path set. */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  return (
    <DataTable
      rows={orders}
      rowKey={(o) => o._id}
      columns={[
        { header: 'Reference', kind: 'title', cell: (o) => o.refCode },
        { header: 'Type', cell: (o) => orderTypeLabel(o) },
        { header: 'Status', cell: (o) => <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span> },
        { header: 'Amount', cell: (o) => amountGiven(o) },
        { header: 'Net Amount', cell: (o) => amountReceived(o) },
        { header: 'Created', cell: (o) => formatDateTime(o.createdAt) },
        {
          header: 'Actions',
          kind: 'actions',
          cell: (o) => (
            <Link className="btn secondary small" to={o._id} aria-label={`View details of order ${o.refCode}`}>
              View Details
            </Link>
          ),
        },
      ]}
    />
  );
}
