import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import type { Order } from '../customer-api';
import { isBuyOrder, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';
import { Detail } from '../../../components/detail';
import { ShortValue } from '../../../components/short-value';

/** The order as the customer placed it and as it stands, with empty fields left out. */
export function OrderFields({ order }: { order: Order }) {
  const buy = isBuyOrder(order);
  const payout = order.payoutBankAccount;
  // [label, value, long]: long values (addresses, hashes, references) show their ends, the whole on hover, to screen readers and in the copy.
  const rows: [string, string | null | undefined, boolean?][] = [
    ['Type', orderTypeLabel(order)],
    ['Payment method', order.method === 'cash' ? 'Cash' : 'Bank transfer'],
    ['Network', order.network],
    ['Rate', `${formatInr(order.rate)} / USDT`],
    [buy ? 'You pay' : 'You send', buy ? formatInr(order.fiatAmount) : formatUsdt(order.cryptoAmount)],
    [`Fee (${order.feePercent}%)`, buy ? formatUsdt(order.feeAmount) : formatInr(order.feeAmount)],
    ['You receive', buy ? formatUsdt(order.cryptoAmount) : formatInr(order.fiatAmount)],
    [buy ? 'Your USDT address' : 'Deposit address', buy ? order.withdrawAddress : order.depositAddress, true],
    ['Payout account', payout ? `${payout.bankName} · ${payout.accountName} · ${payout.accountNumber} · ${payout.ifsc}` : null],
    ['Your bank reference', order.bankReference, true],
    ['Crypto transaction', order.cryptoReference, true],
    ['Payout UTR', order.bankUtr, true],
    [order.status === 'rejected' ? 'Rejection reason' : 'Reason', order.reason?.text ?? order.rejectedReason],
    ['Created', formatDateTime(order.createdAt)],
    ['Last update', formatDateTime(order.updatedAt)],
    ['Completed', order.completedAt ? formatDateTime(order.completedAt) : null],
  ];
  return (
    <dl className="details">
      {rows
        .filter(([, value]) => value)
        .map(([label, value, long]) => (
          <Detail key={label} label={label}>
            {long && value ? <ShortValue value={value} what={label} head={8} tail={8} /> : value}
          </Detail>
        ))}
    </dl>
  );
}
