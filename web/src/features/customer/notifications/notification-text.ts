import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import type { Translate } from '../../../i18n/use-t';
import type { CustomerNotification } from './notifications-api';

/** What a notification says, in the customer's language; the reason is the server's sentence, said in theirs when a catalogue knows it. */
export function notificationText(n: CustomerNotification, t: Translate, say: (english: string) => string): string {
  switch (n.kind) {
    case 'payment_verified':
      return t('customer.notice.paymentVerified', { ref: n.refCode });
    case 'buy_completed':
      return t('customer.notice.buyCompleted', { ref: n.refCode, usdt: formatUsdt(n.usdt), tx: n.txHash ?? '' });
    case 'sell_completed':
      return t('customer.notice.sellCompleted', { ref: n.refCode, inr: formatInr(n.inr), utr: n.utr ?? '' });
    case 'rejected':
      return t('customer.notice.rejected', { ref: n.refCode, reason: say(n.reason ?? '') });
    case 'expired':
      return t('customer.notice.expired', { ref: n.refCode });
    default:
      return n.kind satisfies never;
  }
}
