import { useSay, useT } from '../../../i18n/use-t';
import { Link } from 'react-router';
import { useOrders } from '../customer-queries';
import { OrdersTable } from './orders-table';
import { Pager } from '../../../components/pager';
import { useBrowserPages } from '../../../components/use-browser-pages';
import { ErrorAlert } from '../../../components/error-alert';

export function OrdersPage() {
  const t = useT();
  const say = useSay();
  const orders = useOrders();
  const all = orders.data ?? [];
  const { shown, pager } = useBrowserPages(all, 10);

  return (
    <section className="card">
      <div className="row space-between">
        <h1>{t('customer.orders.title')}</h1>
        <Link className="btn" to="/add-order">
          {t('customer.orders.new')}
        </Link>
      </div>
      {orders.isPending && <p className="muted">{t('customer.orders.loading')}</p>}
      <ErrorAlert>{orders.isError && say('Failed to load orders')}</ErrorAlert>
      {orders.isSuccess && all.length === 0 && (
        <div className="empty">
          <h2>{t('customer.orders.none')}</h2>
          <p className="muted">{t('customer.orders.start')}</p>
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
