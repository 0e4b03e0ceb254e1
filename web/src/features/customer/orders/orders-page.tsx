import { useState } from 'react';
import { Link } from 'react-router';
import { useOrders } from '../customer-queries';
import { OrdersTable } from './orders-table';
import { pageCount, Pager } from '../../../components/pager';

export function OrdersPage() {
  const orders = useOrders();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const all = orders.data ?? [];
  // The list may shrink under the pager (a refresh); never show a page past the end.
  const current = Math.min(page, pageCount(all.length, size));
  const shown = all.slice((current - 1) * size, current * size);

  return (
    <section className="card">
      <div className="row space-between">
        <h1>My Orders</h1>
        <Link className="btn" to="/add-order">
          New Order
        </Link>
      </div>
      {orders.isPending && <p className="muted">Loading orders...</p>}
      {orders.isError && (
        <p role="alert" className="error">
          Failed to load orders
        </p>
      )}
      {orders.isSuccess && all.length === 0 && (
        <div className="empty">
          <h2>No orders found</h2>
          <p className="muted">Get started by creating your first order</p>
        </div>
      )}
      {all.length > 0 && (
        <>
          <OrdersTable orders={shown} />
          <Pager
            page={current}
            size={size}
            total={all.length}
            label="orders"
            onPage={setPage}
            onSize={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}
