import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { orderTypeLabel } from '../../../lib/order-format';
import { AttachmentList } from '../../../components/attachment-list';
import { Detail } from '../../../components/detail';
import { ShortValue } from '../../../components/short-value';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, adminKeys, type AdminOrder } from '../admin-api';
import { adminActions } from './admin-order-actions';
import { CompleteOrderForm } from './complete-order-form';
import { useOrderCommand } from './use-order-command';

interface OrderDetailsPanelProps {
  listed: AdminOrder;
  /** The order's brand, for operator admins. */
  showBrand: boolean;
  onClose: () => void;
}

/**
 * The inline Order Details panel opened from View. The list row is shown at once; the order itself
 * (folded from its events, never behind) replaces it, so the actions offered match its current state.
 */
export function OrderDetailsPanel({ listed, showBrand, onClose }: OrderDetailsPanelProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data } = useQuery({ queryKey: adminKeys.order(listed._id), queryFn: () => adminApi.order(listed._id), placeholderData: listed });
  const order = data ?? listed;
  const actions = adminActions(order);
  const verify = useOrderCommand(adminApi.verify, 'Order verified', 'Verification failed');

  // Opened from a button further down the table: keyboard and screen reader users land on it. The
  // orders page keys the panel by order, so each order opened mounts it (and runs this) afresh.
  useEffect(() => heading.current?.focus(), []);

  // [label, value, long]: ids, addresses and hashes by their ends, whole on hover, to screen readers and in the copy.
  const rows: [string, string | null | undefined, boolean?][] = [
    ['Order ID', order._id, true],
    ['User', order.user.phone],
    ...(showBrand ? [['Brand', order.brand.name] as [string, string]] : []),
    ['Reference', order.refCode],
    ['Type', orderTypeLabel(order)],
    ['Status', statusLabel(order.status)],
    ['Network', order.network],
    ['INR Amount', formatInr(order.fiatAmount)],
    ['USDT Amount', formatUsdt(order.cryptoAmount)],
    ['Deposit Address', order.depositAddress, true],
    ['Withdraw Address', order.withdrawAddress, true],
    ['UTR Reference', order.bankUtr, true],
    ['Crypto Transaction', order.cryptoReference, true],
    ['User UTR', order.bankReference, true],
    ['Rate', formatInr(order.rate)],
  ];

  return (
    <section className="card order-panel" aria-labelledby={titleId}>
      <div className="row space-between">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          Order Details
        </h2>
        <button type="button" className="btn secondary small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="details">
        {rows.map(([label, value, long]) => (
          <Detail key={label} label={label}>
            {long && value ? <ShortValue value={value} what={label} /> : value || '-'}
          </Detail>
        ))}
      </dl>
      <AttachmentList attachments={order.attachments} />
      {actions.includes('verify') && (
        <div className="row">
          <button type="button" className="btn" disabled={verify.isPending} onClick={() => verify.mutate(order._id)}>
            {verify.isPending ? 'Processing...' : 'Verify Order'}
          </button>
          <ErrorAlert>{verify.failure}</ErrorAlert>
        </div>
      )}
      {actions.includes('complete') && <CompleteOrderForm key={order._id} order={order} />}
    </section>
  );
}
