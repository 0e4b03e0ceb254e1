import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import { amountGiven, isBuyOrder } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';
import type { Dashboard } from '../admin-api';

/** The latest orders; `showBrand` adds each one's brand (operator admins, who see several). */
export function RecentOrders({ orders, showBrand }: { orders: Dashboard['recentOrders']; showBrand: boolean }) {
  return (
    <section className="card" aria-labelledby="recent-orders-title">
      <div className="row space-between">
        <h2 id="recent-orders-title">Recent Orders</h2>
        <Link to="/admin/orders">View all orders</Link>
      </div>
      {orders.length === 0 ? (
        <p className="muted">No orders found</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">User</th>
                {showBrand && <th scope="col">Brand</th>}
                <th scope="col">Type</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o._id}>
                  <td>
                    <Link to={`/admin/orders/${o._id}`}>{o.refCode}</Link>
                  </td>
                  <td>{o.user.phone}</td>
                  {showBrand && <td>{o.brand.name}</td>}
                  <td>{isBuyOrder(o) ? 'Buy' : 'Sell'}</td>
                  {/* What the customer gives: INR for a buy, USDT for a sell, as on the order page. */}
                  <td>{amountGiven(o)}</td>
                  <td>
                    <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span>
                  </td>
                  <td>{formatDateTime(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
