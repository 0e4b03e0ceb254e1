import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import type { HistoryEvent } from '../admin-api';

export interface EventSummary {
  title: string;
  detail: string;
}

// Event data arrives as JSON of the event's own shape; read what is there and skip what is not.
const fieldOf = (data: unknown, key: string): unknown =>
  data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)[key] : undefined;
const text = (data: unknown, key: string): string | null => {
  const value = fieldOf(data, key);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};
const join = (parts: (string | null | false)[]) => parts.filter(Boolean).join(' · ');

/** What one event of the order's history changed, in a line a person reads. */
export function summarizeEvent(event: Pick<HistoryEvent, 'type' | 'data'>): EventSummary {
  const d = event.data;
  switch (event.type) {
    case 'OrderPlaced': {
      const type = text(d, 'orderType') === 'fiat_to_crypto' ? 'Buy USDT' : 'Sell USDT';
      const rate = text(d, 'rate');
      return {
        title: 'Order placed',
        detail: join([
          type,
          `${formatInr(text(d, 'fiatAmount') ?? '0')} / ${formatUsdt(text(d, 'cryptoAmount') ?? '0')}`,
          rate && `at ${formatInr(rate)} per USDT`,
          text(d, 'method'),
          text(d, 'network'),
        ]),
      };
    }
    case 'ProofSubmitted': {
      const reference = text(d, 'reference');
      const file = text(fieldOf(d, 'attachment'), 'name');
      return {
        title: 'Payment proof submitted',
        detail: join([reference && `Reference ${reference}`, file && `File ${file}`, fieldOf(d, 'afterRateLock') === true && 'after the rate lock ended']),
      };
    }
    case 'OrderVerified':
      return { title: 'Payment verified', detail: '' };
    case 'CryptoSent':
      return { title: 'Crypto sent', detail: join([text(d, 'cryptoReference') && `Transaction ${text(d, 'cryptoReference')}`]) };
    case 'OrderCompleted': {
      const repriced = fieldOf(d, 'repriced');
      const before = text(fieldOf(repriced, 'previous'), 'rate');
      const after = text(repriced, 'rate');
      return {
        title: fieldOf(d, 'confirms')
          ? 'Order completed (a second admin confirmed the request)'
          : fieldOf(d, 'approved')
            ? 'Order completed (its payout approved by a second admin)'
            : 'Order completed',
        detail: join([
          text(d, 'bankUtr') && `UTR ${text(d, 'bankUtr')}`,
          text(d, 'cryptoReference') && `Transaction ${text(d, 'cryptoReference')}`,
          after && `Rate changed from ${formatInr(before ?? '?')} to ${formatInr(after)}`,
        ]),
      };
    }
    case 'CompletionRequested': {
      const rate = text(fieldOf(d, 'repriced'), 'rate');
      const paid = text(d, 'bankUtr') ?? text(d, 'cryptoReference');
      return {
        title: paid ? 'Completion requested: waiting for a second admin' : 'Payout approval requested: waiting for a second admin',
        detail: join([
          text(d, 'valueInr') ? `worth ${formatInr(text(d, 'valueInr')!)}` : text(d, 'thresholdInr') && `above ${formatInr(text(d, 'thresholdInr')!)}`,
          text(d, 'bankUtr') && `UTR ${text(d, 'bankUtr')}`,
          text(d, 'cryptoReference') && `Transaction ${text(d, 'cryptoReference')}`,
          rate && `at ${formatInr(rate)} per USDT`,
        ]),
      };
    }
    case 'CompletionRequestDeclined':
      return { title: 'Completion request declined', detail: join([text(d, 'note')]) };
    case 'PayoutApproved': {
      const rate = text(fieldOf(d, 'repriced'), 'rate');
      return { title: 'Payout approved by a second admin', detail: join([rate && `at ${formatInr(rate)} per USDT`]) };
    }
    case 'OrderFlagged':
      return text(d, 'kind') === 'over_customer_limit'
        ? {
            title: 'Flagged: a late payment took the customer over a limit',
            detail: join([text(fieldOf(d, 'limit'), 'window') && `${text(fieldOf(d, 'limit'), 'window')} limit`]),
          }
        : { title: 'Flagged: payment evidence seen on another order', detail: join([text(d, 'relatedRefCode'), text(d, 'evidence')?.split(':')[0] ?? null]) };
    case 'OrderRejected':
      return { title: 'Order rejected', detail: join([text(d, 'reason') && `Reason: ${text(d, 'reason')}`]) };
    case 'OrderCancelled':
      return { title: 'Order cancelled', detail: '' };
    case 'OrderExpired':
      return { title: 'Order expired', detail: 'No payment before the due time' };
    default:
      return { title: event.type, detail: '' };
  }
}
