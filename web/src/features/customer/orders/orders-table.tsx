import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import type { Order } from '../customer-api';
import { amountGiven, amountReceived, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';

/** View Details links are relative, so /orders and /dashboard/orders each stay in their own path set. */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Reference</th>
            <th>Type</th>
            <th>Status</th>
            <th>Amount</th>
            <th>Net Amount</th>
            <th>Created</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o._id}>
              <td>{o.refCode}</td>
              <td>{orderTypeLabel(o)}</td>
              <td>
                <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span>
              </td>
              <td>{amountGiven(o)}</td>
              <td>{amountReceived(o)}</td>
              <td>{formatDateTime(o.createdAt)}</td>
              <td>
                <Link to={o._id} aria-label={`View details of order ${o.refCode}`}>
                  View Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
