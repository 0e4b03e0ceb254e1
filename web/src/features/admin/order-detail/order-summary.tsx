import { formatInr } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { amountGiven, amountReceived, isBuyOrder, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';
import type { AdminOrder } from '../admin-api';

export const methodLabel = (method: string) => (method === 'cash' ? 'Cash' : 'Bank Transfer');

/** The order at a glance: what it is, what the customer gives (INR for a buy, USDT for a sell) and gets. */
export function OrderSummary({ order }: { order: AdminOrder }) {
  const buy = isBuyOrder(order);
  const tiles: [string, string][] = [
    ['Rate', `${formatInr(order.rate)} / USDT`],
    ['User Pays', amountGiven(order)],
    ['User Receives', amountReceived(order)],
    ['Method', methodLabel(order.method)],
  ];
  return (
    <section className="card order-summary" aria-labelledby="order-title">
      <div className="row space-between">
        <div>
          <div className="row">
            <h1 id="order-title">Order #{order.refCode}</h1>
            <span className={`badge ${order.status}`}>{statusLabel(order.status)}</span>
          </div>
          <p className="muted">
            {orderTypeLabel(order)} · Created {formatDateTime(order.createdAt)}
          </p>
        </div>
        <div className="order-amount">
          <span className="muted">{buy ? 'User Pays' : 'User Sends'}</span>
          <strong>{amountGiven(order)}</strong>
        </div>
      </div>
      <dl className="tiles admin-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="tile">
            <dt>{label}</dt>
            <dd>
              <strong>{value}</strong>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
