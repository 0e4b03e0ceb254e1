import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
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
      <DataTable
        rows={orders}
        rowKey={(o) => o._id}
        empty={<p className="muted">No orders found</p>}
        columns={[
          { header: 'Reference', kind: 'title', cell: (o) => <Link to={`/admin/orders/${o._id}`}>{o.refCode}</Link> },
          { header: 'User', cell: (o) => o.user.phone },
          showBrand && { header: 'Brand', cell: (o) => o.brand.name },
          { header: 'Type', cell: (o) => (isBuyOrder(o) ? 'Buy' : 'Sell') },
          // What the customer gives: INR for a buy, USDT for a sell, as on the order page.
          { header: 'Amount', cell: (o) => amountGiven(o) },
          { header: 'Status', cell: (o) => <span className={`badge ${o.status}`}>{statusLabel(o.status)}</span> },
          { header: 'Date', cell: (o) => formatDateTime(o.createdAt) },
        ]}
      />
    </section>
  );
}
