import { isOpenStatus } from '@desk/machines/order/order-state';
import type { Order } from '../customer-api';

/** Pending counts every status still in play (isOpenStatus), as the admin side does. */
export function OrderCounts({ orders }: { orders: readonly Order[] | undefined }) {
  const count = (test: (o: Order) => boolean) => (orders ? String(orders.filter(test).length) : '-');
  const tiles = [
    { label: 'Pending', value: count((o) => isOpenStatus(o.status)) },
    { label: 'Completed', value: count((o) => o.status === 'completed') },
    { label: 'Rejected', value: count((o) => o.status === 'rejected') },
    { label: 'Total orders', value: orders ? String(orders.length) : '-' },
  ];
  return (
    <section className="tiles counts" aria-label="Order counts">
      {tiles.map((t) => (
        <div key={t.label} className="tile card">
          <span className="muted">{t.label}</span>
          <strong>{t.value}</strong>
        </div>
      ))}
    </section>
  );
}
