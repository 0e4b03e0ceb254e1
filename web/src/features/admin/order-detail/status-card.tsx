import { statusLabel } from '@desk/machines/order/order-state';
import { formatDateTime } from '../../../lib/format-date-time';
import { Detail } from '../../../components/detail';
import type { AdminOrder } from '../admin-api';
import { InfoCard } from './info-card';
import { methodLabel } from './order-summary';

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for admin action',
  completed: 'Order completed successfully',
  rejected: 'Order was rejected',
};

export function StatusCard({ order }: { order: AdminOrder }) {
  const completed = order.status === 'completed';
  return (
    <InfoCard title="Status">
      <p className={`status-text ${order.status}`}>{STATUS_TEXT[order.status] ?? statusLabel(order.status)}</p>
      {order.reason ? (
        <p className="muted">
          Reason: {order.reason.label}
          {order.reason.note && <> ({order.reason.note})</>}. The customer reads: "{order.reason.text}"
        </p>
      ) : (
        order.status === 'rejected' && order.rejectedReason && <p className="muted">Reason: {order.rejectedReason}</p>
      )}
      <dl className="details">
        <Detail label="Created">{formatDateTime(order.createdAt)}</Detail>
        {/* Orders recorded before completedAt existed fall back to their last update, which completion was. */}
        {completed && <Detail label="Completed">{formatDateTime(order.completedAt ?? order.updatedAt)}</Detail>}
        <Detail label="Payment Method">{methodLabel(order.method)}</Detail>
      </dl>
    </InfoCard>
  );
}
