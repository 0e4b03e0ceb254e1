import { useT } from '../../../i18n/use-t';
import { useNavigate } from 'react-router';
import type { Order } from '../customer-api';
import { BuyForm } from './buy-form';
import { SellForm } from './sell-form';

/** Both cards side by side; a placed order opens its detail page, where payment and proof are. */
export function AddOrderPage() {
  const t = useT();
  const navigate = useNavigate();
  const open = (order: Order) => navigate(`/orders/${order._id}`);
  return (
    <div className="stack">
      <h1>{t('customer.trade.addOrder')}</h1>
      <div className="add-order-grid">
        <section className="card">
          <BuyForm onPlaced={open} />
        </section>
        <section className="card">
          <SellForm onPlaced={open} />
        </section>
      </div>
    </div>
  );
}
