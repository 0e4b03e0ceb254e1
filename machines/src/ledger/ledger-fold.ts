/**
 * The books as a fold of the event log (docs/ledger.md): each event, with what the books remember
 * of the events before it, gives its postings. Pure: no clock, no I/O. The memory is the caller's
 * working copy and is updated in place (the projection loads what a batch needs into one, folds the
 * batch, and writes back what changed); tests fold a whole history into a fresh one.
 */
import type { ChainTransferChecked, OrderCompleted, OrderPlaced, PaymentMatched } from '../order/order.events';
import type { StatementImported, StatementLineMarkedForRefund, StatementLineRecorded } from '../reconciliation/bank-statement.events';
import type { SettingsChangedData } from '../settings/settings.decide';
import type { TenantEvent } from '../tenants/tenant.events';
import { baseRate, emptyRateHistory, type RateHistory, type RateMark } from './base-rate';
import { linePosting, matchPostings, openingPosting, refundPosting, type BookedLine } from './bank-postings';
import { chainReading, transferKey, transferPosting, undoPosting, type BookedTransfer } from './chain-postings';
import { deskDay } from './desk-day';
import type { Posting } from './posting';
import { completionPostings, type LedgerOrder } from './trade-postings';

/** An event as the books read it: its stream, its type and data, and the brand its metadata names. */
export interface LedgerEvent {
  streamId: string;
  streamPosition: number;
  type: string;
  data: unknown;
  tenantId: string;
}

/** What the books remember between events. */
export interface LedgerMemory {
  /** Orders by id, from their placement. */
  orders: Map<string, LedgerOrder>;
  /** Bank accounts whose books have begun (their first statement was imported). */
  begunAccounts: Set<string>;
  /** Statement lines by `<account id>/<line key>`. */
  lines: Map<string, BookedLine>;
  /** Confirmed chain transfers by `transferKey`. */
  transfers: Map<string, BookedTransfer>;
  rates: RateHistory;
}

export const emptyLedgerMemory = (): LedgerMemory => ({
  orders: new Map(),
  begunAccounts: new Set(),
  lines: new Map(),
  transfers: new Map(),
  rates: emptyRateHistory(),
});

/** An event the books cannot post because an event it depends on was never booked (the projection quarantines it). */
export class LedgerGapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerGapError';
  }
}

export const ORDER_STREAM = 'order-';
export const BANK_ACCOUNT_STREAM = 'bankaccount-';
export const TENANT_STREAM = 'tenant-';
export const SETTINGS_STREAM = 'settings-default';

export const lineMemoryKey = (bankAccountId: string, lineKey: string): string => `${bankAccountId}/${lineKey}`;

const dayOf = (instant: string): string => {
  const day = deskDay(instant);
  if (day === null) throw new LedgerGapError(`"${instant}" is not a time the books can date`);
  return day;
};

/** The events the books read; everything else posts nothing. */
export function isLedgerEvent(event: Pick<LedgerEvent, 'streamId' | 'type'>): boolean {
  const { streamId, type } = event;
  if (streamId.startsWith(ORDER_STREAM)) return ['OrderPlaced', 'OrderCompleted', 'PaymentMatched', 'ChainTransferChecked'].includes(type);
  if (streamId.startsWith(BANK_ACCOUNT_STREAM)) return ['StatementImported', 'StatementLineRecorded', 'StatementLineMarkedForRefund'].includes(type);
  if (streamId === SETTINGS_STREAM) return type === 'SettingsChanged';
  return streamId.startsWith(TENANT_STREAM) && type === 'TenantSettingsOverridden';
}

/** The postings of one event, the memory updated with what it teaches. */
export function ledgerStep(memory: LedgerMemory, event: LedgerEvent): Posting[] {
  if (!isLedgerEvent(event)) return [];
  if (event.streamId.startsWith(ORDER_STREAM)) return orderStep(memory, event.streamId.slice(ORDER_STREAM.length), event);
  if (event.streamId.startsWith(BANK_ACCOUNT_STREAM)) return accountStep(memory, event.streamId.slice(BANK_ACCOUNT_STREAM.length), event);
  learnRate(memory, event);
  return [];
}

function orderStep(memory: LedgerMemory, orderId: string, event: LedgerEvent): Posting[] {
  const order = memory.orders.get(orderId);
  switch (event.type) {
    case 'OrderPlaced': {
      const placed = event.data as OrderPlaced['data'];
      const { tenantId, orderType, method, network, rate, fiatAmount, cryptoAmount, feeAmount } = placed;
      memory.orders.set(orderId, {
        orderId,
        tenantId,
        orderType,
        method,
        network,
        rate,
        fiatAmount,
        cryptoAmount,
        feeAmount,
        baseRate: baseRate(memory.rates, placed),
      });
      return [];
    }
    case 'OrderCompleted': {
      if (!order) throw new LedgerGapError(`order-${orderId}: completed, but its placement was never booked`);
      const completed = event.data as OrderCompleted['data'];
      return completionPostings(order, completed, dayOf(completed.completedAt));
    }
    case 'PaymentMatched':
      return matchPostings(order?.tenantId ?? event.tenantId, orderId, event.data as PaymentMatched['data']);
    case 'ChainTransferChecked': {
      const checked = event.data as ChainTransferChecked['data'];
      const key = transferKey(checked.network, checked.txHash);
      const reading = chainReading(orderId, order?.tenantId ?? event.tenantId, checked, memory.transfers.get(key), dayOf);
      if (reading === null) return [];
      if ('book' in reading) {
        memory.transfers.set(key, reading.book);
        return [transferPosting(reading.book)];
      }
      memory.transfers.delete(key);
      return [undoPosting(reading.undo, dayOf(checked.checkedAt))];
    }
    default:
      return [];
  }
}

function accountStep(memory: LedgerMemory, bankAccountId: string, event: LedgerEvent): Posting[] {
  switch (event.type) {
    case 'StatementImported': {
      const begun = memory.begunAccounts.has(bankAccountId);
      memory.begunAccounts.add(bankAccountId);
      const opening = openingPosting(event.tenantId, bankAccountId, event.data as StatementImported['data'], begun);
      return opening ? [opening] : [];
    }
    case 'StatementLineRecorded': {
      const recorded = event.data as StatementLineRecorded['data'];
      memory.begunAccounts.add(bankAccountId);
      const { direction, amount, bookedOn } = recorded.line;
      memory.lines.set(lineMemoryKey(bankAccountId, recorded.key), { direction, amount, bookedOn });
      return [linePosting(event.tenantId, bankAccountId, recorded)];
    }
    case 'StatementLineMarkedForRefund': {
      const { key } = event.data as StatementLineMarkedForRefund['data'];
      const line = memory.lines.get(lineMemoryKey(bankAccountId, key));
      if (!line) throw new LedgerGapError(`bankaccount-${bankAccountId}: line ${key} marked for refund, but it was never booked`);
      return [refundPosting(event.tenantId, bankAccountId, key, line)];
    }
    default:
      return [];
  }
}

/** The rate mark a settings event sets: the global one (`tenantId` null), or a brand's; null for any other event. */
export function rateMarkOf(event: LedgerEvent): { tenantId: string | null; mark: RateMark } | null {
  if (event.streamId === SETTINGS_STREAM && event.type === 'SettingsChanged') {
    return { tenantId: null, mark: { position: event.streamPosition, usdtInr: rateText((event.data as Partial<SettingsChangedData>)?.rates?.usdtInr) } };
  }
  if (!event.streamId.startsWith(TENANT_STREAM) || event.type !== 'TenantSettingsOverridden') return null;
  const { overrides } = (event.data as Partial<Extract<TenantEvent, { type: 'TenantSettingsOverridden' }>['data']>) ?? {};
  return { tenantId: event.streamId.slice(TENANT_STREAM.length), mark: { position: event.streamPosition, usdtInr: rateText(overrides?.rates?.usdtInr) } };
}

function learnRate(memory: LedgerMemory, event: LedgerEvent): void {
  const learned = rateMarkOf(event);
  if (learned === null) return;
  if (learned.tenantId === null) {
    memory.rates.global.push(learned.mark);
    return;
  }
  memory.rates.brands.set(learned.tenantId, [...(memory.rates.brands.get(learned.tenantId) ?? []), learned.mark]);
}

/** A rate as the settings event wrote it (a decimal string; a number in hand-made data); null when absent. */
const rateText = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Folds a whole history into fresh books: every posting, in order (tests, and a check of the projection). */
export function foldLedger(events: readonly LedgerEvent[], memory: LedgerMemory = emptyLedgerMemory()): { memory: LedgerMemory; postings: Posting[] } {
  const postings = events.flatMap((event) => ledgerStep(memory, event));
  return { memory, postings };
}
