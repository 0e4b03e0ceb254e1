import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import { orderTypeLabel } from '../../../lib/order-format';
import type { AdminOrder } from '../admin-api';
import { adminActions } from './admin-order-actions';

interface AdminOrdersTableProps {
  orders: readonly AdminOrder[];
  /** The Brand column, for operator admins (a brand admin's orders are all their brand's). */
  showBrand: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onView: (order: AdminOrder) => void;
  onReject: (order: AdminOrder) => void;
}

/**
 * A click on the row opens the order: a pointer shortcut, since the Ref link in the row is the way
 * there for keyboard and screen reader users. The link, the checkbox and the buttons act on their
 * own, and so do the cells holding the checkbox and the buttons (a near miss should not leave the page).
 */
const opensOrder = (event: MouseEvent) => !(event.target instanceof Element && event.target.closest('a, button, input, .row-controls'));

/** The orders of one page: a table on a laptop that fits 1280 px with its actions in view, a card per order on a phone. */
export function AdminOrdersTable({ orders, showBrand, selected, onToggle, onToggleAll, onView, onReject }: AdminOrdersTableProps) {
  const navigate = useNavigate();
  const chosen = orders.filter((o) => selected.has(o._id)).length;
  // "Some but not all" has no attribute in HTML; it is a property of the element, set on each render.
  const some = chosen > 0 && chosen < orders.length;

  return (
    <DataTable
      className="admin-orders-table"
      label="Orders"
      rows={orders}
      rowKey={(o) => o._id}
      rowClassName={() => 'clickable'}
      onRowClick={(o, event) => opensOrder(event) && navigate(`/admin/orders/${o._id}`)}
      columns={[
        {
          header: 'Select all',
          kind: 'select',
          className: 'row-controls',
          heading: (
            <input
              ref={(box) => void (box && (box.indeterminate = some))}
              type="checkbox"
              aria-label="Select all orders on this page"
              checked={orders.length > 0 && chosen === orders.length}
              onChange={onToggleAll}
            />
          ),
          cell: (o) => <input type="checkbox" aria-label={`Select order ${o.refCode}`} checked={selected.has(o._id)} onChange={() => onToggle(o._id)} />,
        },
        { header: 'User', cell: (o) => o.user.phone },
        showBrand && { header: 'Brand', className: 'wrap brand', cell: (o) => o.brand.name },
        { header: 'Ref', kind: 'title', cell: (o) => <Link to={`/admin/orders/${o._id}`}>{o.refCode}</Link> },
        { header: 'Type', className: 'wrap', cell: (o) => orderTypeLabel(o) },
        { header: 'Network', cell: (o) => o.network },
        { header: 'Fiat (INR)', cell: (o) => formatInr(o.fiatAmount) },
        { header: 'Crypto (USDT)', className: 'wrap', cell: (o) => formatUsdt(o.cryptoAmount) },
        { header: 'Status', cell: (o) => <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span> },
        {
          header: 'Actions',
          kind: 'actions',
          className: 'row-controls',
          cell: (o) => (
            <div className="row actions">
              <button type="button" className="btn secondary small" aria-label={`View order ${o.refCode}`} onClick={() => onView(o)}>
                View
              </button>
              {o.status === 'rejected' ? (
                <>
                  <span aria-hidden="true">-</span>
                  <span className="visually-hidden">No actions</span>
                </>
              ) : (
                <button
                  type="button"
                  className="btn danger small"
                  aria-label={`Reject order ${o.refCode}`}
                  disabled={!adminActions(o).includes('reject')}
                  onClick={() => onReject(o)}
                >
                  Reject
                </button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
