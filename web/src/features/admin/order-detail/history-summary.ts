import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { eventName } from '../../../lib/event-names';
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

const MATCH_FLAGS: Record<string, string> = {
  amount_differs: 'amount differs',
  other_brand_account: "another brand's account",
  third_party_payer: 'paid by someone else',
};

const CHAIN_STATES: Record<string, string> = {
  confirmed: 'verified on chain',
  confirming: 'confirming',
  pending: 'waiting to be mined',
  not_found: 'not found on the chain',
  reverted: 'failed on the chain',
  wrong_token: 'moved no USDT',
  wrong_address: 'paid another address',
  wrong_amount: 'paid another amount',
  before_order: 'made before the order',
  not_configured: 'not checked',
  unavailable: 'node unavailable',
  invalid_input: 'not a transaction hash',
};

const FLAG_TITLES: Record<string, string> = {
  over_customer_limit: 'Flagged: a late payment took the customer over a limit',
  reference_matched_elsewhere: 'Flagged: its payment reference pays another order on the bank statement',
  payment_reversed: 'Flagged: the bank reversed its payment',
  payout_mismatch: 'Flagged: the chain does not show its payout',
  paid_to_other_brand: 'Flagged: its payment reference is on another brand’s account',
};

function flagSummary(d: unknown): EventSummary {
  const kind = text(d, 'kind') ?? '';
  if (kind === 'over_customer_limit') {
    const window = text(fieldOf(d, 'limit'), 'window');
    return { title: FLAG_TITLES[kind]!, detail: join([window && `${window} limit`]) };
  }
  const title = FLAG_TITLES[kind];
  if (title) return { title, detail: '' };
  return { title: 'Flagged: payment evidence seen on another order', detail: join([text(d, 'relatedRefCode'), text(d, 'evidence')?.split(':')[0] ?? null]) };
}

type HistoryLine = Pick<HistoryEvent, 'type' | 'data'>;

/**
 * Who asked each completion request, by its id: a decline by that same admin is a withdrawal. Ids the
 * reader may not see arrive as null (the operator's staff, to a brand's admin) and name no one.
 */
export function requestersOf(events: readonly HistoryLine[]): ReadonlyMap<string, string> {
  const asked = events.filter((e) => e.type === 'CompletionRequested').map((e) => [text(e.data, 'requestId'), text(e.data, 'requestedBy')] as const);
  return new Map(asked.filter((pair): pair is readonly [string, string] => pair[0] !== null && pair[1] !== null));
}

/** What one event of the order's history changed, in a line a person reads (`requesters`: requestersOf the same history). */
export function summarizeEvent(event: HistoryLine, requesters: ReadonlyMap<string, string> = new Map()): EventSummary {
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
    case 'CompletionRequestDeclined': {
      const withdrawn = requesters.get(text(d, 'requestId') ?? '') === text(d, 'declinedBy');
      return { title: withdrawn ? 'Completion request withdrawn by the admin who asked' : 'Completion request declined', detail: join([text(d, 'note')]) };
    }
    case 'PayoutApproved': {
      const rate = text(fieldOf(d, 'repriced'), 'rate');
      return { title: 'Payout approved by a second admin', detail: join([rate && `at ${formatInr(rate)} per USDT`]) };
    }
    case 'OrderFlagged':
      return flagSummary(d);
    case 'PaymentMatched': {
      const flags = fieldOf(d, 'flags');
      const flagWords = Array.isArray(flags) && flags.length > 0 ? `to look at: ${flags.map((f) => MATCH_FLAGS[String(f)] ?? String(f)).join(', ')}` : null;
      return {
        title: text(d, 'direction') === 'debit' ? 'Payout found on the bank statement' : 'Payment found on the bank statement',
        detail: join([
          text(d, 'accountLabel'),
          text(d, 'bookedOn'),
          text(d, 'amount') && formatInr(text(d, 'amount')!),
          text(d, 'reference') && `ref ${text(d, 'reference')}`,
          text(d, 'payerName') && `from ${text(d, 'payerName')}`,
          text(d, 'via') === 'assigned' ? 'assigned by an admin' : 'matched by its reference',
          flagWords,
          text(d, 'note'),
        ]),
      };
    }
    case 'ChainTransferChecked': {
      const check = fieldOf(d, 'check');
      const state = text(check, 'state') ?? 'unknown';
      const confirmations = fieldOf(check, 'confirmations');
      const required = fieldOf(check, 'required');
      return {
        title: text(d, 'paidBy') === 'desk' ? 'Payout read on the chain' : 'Payment read on the chain',
        detail: join([
          CHAIN_STATES[state] ?? state,
          typeof confirmations === 'number' && typeof required === 'number' && `${confirmations} of ${required} confirmations`,
          text(d, 'network'),
          text(d, 'txHash'),
        ]),
      };
    }
    case 'OrderRejected':
      return { title: 'Order rejected', detail: join([text(d, 'reason') && `Reason: ${text(d, 'reason')}`]) };
    case 'OrderCancelled':
      return { title: 'Order cancelled', detail: '' };
    case 'OrderExpired':
      return { title: 'Order expired', detail: 'No payment before the due time' };
    default:
      // The one table of event names (lib/event-names.ts): no type reaches the page as the code spells it.
      return { title: eventName(event.type), detail: '' };
  }
}
