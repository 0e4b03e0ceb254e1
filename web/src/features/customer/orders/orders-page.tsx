import { Link } from 'react-router';
import { useOrders } from '../customer-queries';
import { OrdersTable } from './orders-table';
import { Pager } from '../../../components/pager';
import { useBrowserPages } from '../../../components/use-browser-pages';
import { ErrorAlert } from '../../../components/error-alert';

export function OrdersPage() {
  const orders = useOrders();
  const all = orders.data ?? [];
  const { shown, pager } = useBrowserPages(all, 10);

  return (
    <section className="card">
      <div className="row space-between">
        <h1>My Orders</h1>
        <Link className="btn" to="/add-order">
          New Order
        </Link>
      </div>
      {orders.isPending && <p className="muted">Loading orders...</p>}
      <ErrorAlert>{orders.isError && 'Failed to load orders'}</ErrorAlert>
      {orders.isSuccess && all.length === 0 && (
        <div className="empty">
          <h2>No orders found</h2>
          <p className="muted">Get started by creating your first order</p>
        </div>
      )}
      {all.length > 0 && (
        <>
          <OrdersTable orders={shown} />
          <Pager {...pager} label="orders" />
        </>
      )}
    </section>
  );
}
