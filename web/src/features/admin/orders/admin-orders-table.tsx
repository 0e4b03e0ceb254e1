import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
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

export function AdminOrdersTable({ orders, showBrand, selected, onToggle, onToggleAll, onView, onReject }: AdminOrdersTableProps) {
  const navigate = useNavigate();
  const all = useRef<HTMLInputElement>(null);
  const chosen = orders.filter((o) => selected.has(o._id)).length;
  useEffect(() => {
    // "Some but not all" has no attribute in HTML; it is a property of the element.
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < orders.length;
  }, [chosen, orders.length]);

  return (
    <div className="table-wrap">
      <table className="admin-orders-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all orders on this page"
                checked={orders.length > 0 && chosen === orders.length}
                onChange={onToggleAll}
              />
            </th>
            <th scope="col">User</th>
            {showBrand && <th scope="col">Brand</th>}
            <th scope="col">Ref</th>
            <th scope="col">Type</th>
            <th scope="col">Network</th>
            <th scope="col">Fiat (INR)</th>
            <th scope="col">Crypto (USDT)</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const canReject = adminActions(o).includes('reject');
            return (
              <tr key={o._id} className="clickable" onClick={(event) => opensOrder(event) && navigate(`/admin/orders/${o._id}`)}>
                <td className="row-controls">
                  <input type="checkbox" aria-label={`Select order ${o.refCode}`} checked={selected.has(o._id)} onChange={() => onToggle(o._id)} />
                </td>
                <td>{o.user.phone}</td>
                {showBrand && <td>{o.brand.name}</td>}
                <td>
                  <Link to={`/admin/orders/${o._id}`}>{o.refCode}</Link>
                </td>
                <td>{orderTypeLabel(o)}</td>
                <td>{o.network}</td>
                <td>{formatInr(o.fiatAmount)}</td>
                <td>{formatUsdt(o.cryptoAmount)}</td>
                <td>
                  <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span>
                </td>
                <td className="row-controls">
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
                        disabled={!canReject}
                        onClick={() => onReject(o)}
                      >
                        Reject
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
