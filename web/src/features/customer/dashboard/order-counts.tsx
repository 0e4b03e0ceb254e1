import { useT } from '../../../i18n/use-t';
import { isOpenStatus } from '@desk/machines/order/order-state';
import type { Order } from '../customer-api';

/** Pending counts every status still in play (isOpenStatus), as the admin side does. */
export function OrderCounts({ orders }: { orders: readonly Order[] | undefined }) {
  const t = useT();
  const count = (test: (o: Order) => boolean) => (orders ? String(orders.filter(test).length) : '-');
  const tiles = [
    { label: t('customer.counts.pending'), value: count((o) => isOpenStatus(o.status)) },
    { label: t('customer.counts.completed'), value: count((o) => o.status === 'completed') },
    { label: t('customer.counts.rejected'), value: count((o) => o.status === 'rejected') },
    { label: t('customer.counts.total'), value: orders ? String(orders.length) : '-' },
  ];
  return (
    <section className="tiles counts" aria-label={t('customer.counts.label')}>
      {tiles.map((tile) => (
        <div key={tile.label} className="tile card">
          <span className="muted">{tile.label}</span>
          <strong>{tile.value}</strong>
        </div>
      ))}
    </section>
  );
}
