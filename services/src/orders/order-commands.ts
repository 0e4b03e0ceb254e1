import type { OrderCompleted } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { quoteBuy, quoteSell } from '@desk/machines/pricing/pricing';
import { Money } from '@desk/machines/pricing/decimal';
import { amountProblem, rateProblem } from '@desk/machines/pricing/bounds';
import { systemMetadata, type EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { UserRow } from '../identity/users.repository';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { FileStorage } from '../files/file-storage';
import { extensionFor, type ProofFile } from '../files/proof-file';
import { inAdminScope, ownedBy } from './order-access';
import { OPERATOR_TENANT_ID, type AdminScope } from '../identity/admin-scope';
import type { OrderStore } from './order-store';

export interface CompletionInput {
  bankUtr?: string | undefined;
  cryptoReference?: string | undefined;
  rate?: string | undefined;
}

/** Approve and complete both finish the order; they differ only in the words of the refusal. */
export type CompletionMode = 'approve' | 'complete';

const REFERENCE_REQUIRED = {
  approve: {
    buy: 'Crypto transaction reference is required to approve buy orders',
    sell: 'UTR reference is required to approve sell orders',
  },
  complete: {
    buy: 'Crypto transaction reference is required to complete buy orders (INR→USDT)',
    sell: 'UTR reference is required to complete sell orders (USDT→INR)',
  },
} as const;

const text = (value: string | undefined | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};


export class OrderCommands {
  constructor(
    private readonly orders: OrderStore,
    private readonly files: FileStorage,
  ) {}

  /** Proof: a file (stored before the event, outside any transaction) and/or the customer's reference. */
  async submitProof(user: UserRow, orderId: string, input: { file: ProofFile | null; reference: string | null }, metadata: EventMetadata): Promise<OrderView> {
    const reference = text(input.reference);
    if (!input.file && !reference) throw ValidationError.of('dataUrl', 'Please select a file or enter a payment reference');
    const current = ownedBy((await this.orders.load(orderId)).view, user);
    // Refuse before storing a file the order could not take.
    if (current.status !== 'pending') return this.orders.execute(orderId, metadata, () => proofEvent(null, reference, metadata));
    const stored = input.file ? await this.files.save(input.file.bytes, input.file.contentType) : null;
    const attachment = stored
      ? { fileId: stored.fileId, name: `proof-${current.refCode}-${current.proofCount + 1}.${extensionFor(stored.contentType)}`, contentType: stored.contentType, size: stored.size }
      : null;
    return this.orders.execute(orderId, metadata, (view) => {
      ownedBy(view, user);
      return proofEvent(attachment, reference, metadata, view!.rateLockedUntil);
    });
  }

  cancel(user: UserRow, orderId: string, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (view) => {
      ownedBy(view, user);
      return { type: 'OrderCancelled', data: { cancelledAt: metadata.acceptedAt } };
    });
  }

  verify(scope: AdminScope, orderId: string, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (view) => {
      inAdminScope(view, scope);
      return { type: 'OrderVerified', data: { verifiedAt: metadata.acceptedAt } };
    });
  }

  markCryptoSent(scope: AdminScope, orderId: string, cryptoReference: string, metadata: EventMetadata): Promise<OrderView> {
    const reference = text(cryptoReference);
    if (!reference) throw ValidationError.of('cryptoReference', 'Crypto transaction reference is required');
    return this.orders.execute(orderId, metadata, (view) => {
      inAdminScope(view, scope);
      return { type: 'CryptoSent', data: { cryptoReference: reference, sentAt: metadata.acceptedAt } };
    });
  }

  complete(scope: AdminScope, orderId: string, input: CompletionInput, mode: CompletionMode, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (found) => {
      const view = inAdminScope(found, scope);
      const buy = view.orderType === 'fiat_to_crypto';
      const bankUtr = text(input.bankUtr);
      const cryptoReference = text(input.cryptoReference);
      if (buy && !cryptoReference && !(view.status === 'crypto_sent' && view.cryptoReference)) {
        throw ValidationError.of('cryptoReference', REFERENCE_REQUIRED[mode].buy);
      }
      if (!buy && !bankUtr) throw ValidationError.of('bankUtr', REFERENCE_REQUIRED[mode].sell);
      return {
        type: 'OrderCompleted',
        data: { completedAt: metadata.acceptedAt, bankUtr, cryptoReference, repriced: reprice(view, input.rate) },
      };
    });
  }

  reject(scope: AdminScope, orderId: string, reason: string | null, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (view) => {
      inAdminScope(view, scope);
      return { type: 'OrderRejected', data: { rejectedAt: metadata.acceptedAt, reason: text(reason)?.slice(0, 500) ?? null } };
    });
  }

  /**
   * The payment window passed without proof (the machine refuses it before the due time). The
   * system acts; the event carries the order's own tenant (OrderStore.execute stamps it).
   */
  expire(orderId: string, by: string, at = new Date()): Promise<OrderView> {
    const metadata = systemMetadata(OPERATOR_TENANT_ID, by, at);
    return this.orders.execute(orderId, metadata, () => ({ type: 'OrderExpired', data: { expiredAt: metadata.acceptedAt } }));
  }
}

function proofEvent(attachment: OrderView['attachments'][number] | null, reference: string | null, metadata: EventMetadata, rateLockedUntil?: string) {
  return {
    type: 'ProofSubmitted' as const,
    data: {
      attachment,
      reference,
      submittedAt: metadata.acceptedAt,
      afterRateLock: rateLockedUntil !== undefined && metadata.acceptedAt > rateLockedUntil,
    },
  };
}

/**
 * A new rate at completion recomputes what the customer gets for what they paid (buy: same INR,
 * new USDT; sell: same USDT, new INR) with the order's own fee; the old terms are kept in the event.
 */
function reprice(view: OrderView, rate: string | undefined): OrderCompleted['data']['repriced'] {
  if (rate === undefined || new Money(rate).eq(new Money(view.rate))) return null;
  const problem = rateProblem(rate);
  if (problem) throw ValidationError.of('rate', problem);
  const repriced = computeReprice(view, rate);
  for (const path of ['fiatAmount', 'cryptoAmount', 'feeAmount'] as const) {
    const tooBig = amountProblem(repriced[path]);
    if (tooBig) throw ValidationError.of('rate', `At this rate the order's amounts are out of range (${tooBig})`);
  }
  return repriced;
}

function computeReprice(view: OrderView, rate: string): NonNullable<OrderCompleted['data']['repriced']> {
  const previous = { rate: view.rate, fiatAmount: view.fiatAmount, cryptoAmount: view.cryptoAmount, feeAmount: view.feeAmount };
  if (view.orderType === 'fiat_to_crypto') {
    const quote = quoteBuy({ fiatAmount: view.fiatAmount, rate, feePercent: view.feePercent });
    return { rate, fiatAmount: quote.fiatAmount, cryptoAmount: quote.netUsdt, feeAmount: quote.feeUsdt, previous };
  }
  const quote = quoteSell({ cryptoAmount: new Money(view.cryptoAmount).toFixed(0), rate, feePercent: view.feePercent });
  return { rate, fiatAmount: quote.netInr, cryptoAmount: quote.cryptoAmount, feeAmount: quote.feeInr, previous };
}
