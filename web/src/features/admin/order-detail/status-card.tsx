import { statusLabel } from '@desk/machines/order/order-state';
import { formatDateTime } from '../../../lib/format-date-time';
import type { AdminOrder } from '../admin-api';
import { methodLabel } from './order-summary';

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for admin action',
  completed: 'Order completed successfully',
  rejected: 'Order was rejected',
};

export function StatusCard({ order }: { order: AdminOrder }) {
  const completed = order.status === 'completed';
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">Status</h2>
      <p className={`status-text ${order.status}`}>{STATUS_TEXT[order.status] ?? statusLabel(order.status)}</p>
      {order.status === 'rejected' && order.rejectedReason && <p className="muted">Reason: {order.rejectedReason}</p>}
      <dl className="details">
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
        </div>
        {completed && (
          <div>
            <dt>Completed</dt>
            {/* Orders recorded before completedAt existed fall back to their last update, which completion was. */}
            <dd>{formatDateTime(order.completedAt ?? order.updatedAt)}</dd>
          </div>
        )}
        <div>
          <dt>Payment Method</dt>
          <dd>{methodLabel(order.method)}</dd>
        </div>
      </dl>
    </section>
  );
}
