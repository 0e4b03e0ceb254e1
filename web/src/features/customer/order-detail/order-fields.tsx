import { useSay, useT } from '../../../i18n/use-t';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import type { Order } from '../customer-api';
import { isBuyOrder, orderTypeLabel } from '../../../lib/order-format';
import { formatDateTime } from '../../../lib/format-date-time';
import { Detail } from '../../../components/detail';
import { ShortValue } from '../../../components/short-value';

/** The order as the customer placed it and as it stands, with empty fields left out. */
export function OrderFields({ order }: { order: Order }) {
  const t = useT();
  const say = useSay();
  const buy = isBuyOrder(order);
  const payout = order.payoutBankAccount;
  // [label, value, long]: long values (addresses, hashes, references) show their ends, the whole on hover, to screen readers and in the copy.
  const rows: [string, string | null | undefined, boolean?][] = [
    [t('customer.order.type'), say(orderTypeLabel(order))],
    [t('customer.order.method'), order.method === 'cash' ? t('customer.order.cash') : t('customer.order.bank')],
    [t('customer.order.network'), order.network],
    [t('customer.order.rate'), `${formatInr(order.rate)} / USDT`],
    [buy ? t('customer.order.youPay') : t('customer.order.youSend'), buy ? formatInr(order.fiatAmount) : formatUsdt(order.cryptoAmount)],
    [t('customer.order.fee', { percent: order.feePercent }), buy ? formatUsdt(order.feeAmount) : formatInr(order.feeAmount)],
    [t('customer.order.youReceive'), buy ? formatUsdt(order.cryptoAmount) : formatInr(order.fiatAmount)],
    [buy ? t('customer.order.yourAddress') : t('customer.order.depositAddress'), buy ? order.withdrawAddress : order.depositAddress, true],
    [t('customer.order.payout'), payout ? `${payout.bankName} · ${payout.accountName} · ${payout.accountNumber} · ${payout.ifsc}` : null],
    [t('customer.order.bankReference'), order.bankReference, true],
    [t('customer.order.cryptoTx'), order.cryptoReference, true],
    [t('customer.order.payoutUtr'), order.bankUtr, true],
    [order.status === 'rejected' ? t('customer.order.rejectionReason') : t('customer.order.reason'), order.reason?.text ?? order.rejectedReason],
    [t('customer.order.created'), formatDateTime(order.createdAt)],
    [t('customer.order.updated'), formatDateTime(order.updatedAt)],
    [t('customer.order.completed'), order.completedAt ? formatDateTime(order.completedAt) : null],
  ];
  return (
    <dl className="details">
      {rows
        .filter(([, value]) => value)
        .map(([label, value, long]) => (
          <Detail key={label} label={label}>
            {long && value ? (
              <ShortValue value={value} what={label} head={8} tail={8} copyLabel={t('customer.copy.label')} done={t('customer.copy.doneOf', { what: label })} />
            ) : (
              value
            )}
          </Detail>
        ))}
    </dl>
  );
}
