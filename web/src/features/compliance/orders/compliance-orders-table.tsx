import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable, type Column } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format-date-time';
import { orderTypeLabel } from '../../../lib/order-format';
import type { ComplianceOrder } from '../compliance-api';

// A click anywhere on the row opens the order; the Ref link is the way there for keyboards and screen readers.
const opensOrder = (event: MouseEvent) => !(event.target instanceof Element && event.target.closest('a, button'));

const brandOf = (o: ComplianceOrder) => o.brand?.name ?? '-';

interface ComplianceOrdersTableProps {
  orders: readonly ComplianceOrder[];
  showBrand: boolean;
}

export function ComplianceOrdersTable({ orders, showBrand }: ComplianceOrdersTableProps) {
  const navigate = useNavigate();
  const columns: (Column<ComplianceOrder> | false)[] = [
    { header: 'Ref', cell: (o) => <Link to={`/compliance/orders/${o._id}`}>{o.refCode}</Link> },
    showBrand && { header: 'Brand', cell: brandOf },
    { header: 'Status', cell: (o) => <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span> },
    { header: 'Type', cell: (o) => orderTypeLabel(o) },
    { header: 'INR', cell: (o) => formatInr(o.fiatAmount), className: 'numeric' },
    { header: 'USDT', cell: (o) => formatUsdt(o.cryptoAmount), className: 'numeric' },
    { header: 'Phone', cell: (o) => o.user.phone },
    { header: 'Created', cell: (o) => <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time> },
  ];
  return (
    <DataTable
      rows={orders}
      columns={columns}
      rowKey={(o) => o._id}
      label="Orders"
      className="compliance-table clickable-rows"
      rowClassName={() => 'clickable'}
      onRowClick={(o, event) => opensOrder(event) && navigate(`/compliance/orders/${o._id}`)}
      empty={
        <div className="empty">
          <h2>No orders found</h2>
          <p className="muted">Nothing matches this search at this time.</p>
        </div>
      }
    />
  );
}
