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
          <Pager
            {...pager}
            label="orders"
            sizeLabel={t('customer.pager.size')}
            words={{
              range: (from, to, total) => t('customer.pager.range', { from, to, total }),
              page: (page, pages) => t('customer.pager.page', { page, pages }),
              previous: t('customer.pager.previous'),
              next: t('customer.pager.next'),
              nav: t('customer.pager.nav'),
            }}
          />
        </>
      )}
    </section>
  );
}
