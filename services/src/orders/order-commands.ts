import type { OrderCompleted } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { quoteBuy, quoteSell } from '@desk/machines/pricing/pricing';
import { Money } from '@desk/machines/pricing/decimal';
import type { EventMetadata } from '../eventstore/event-metadata';
import type { UserRow } from '../identity/users.repository';
import { ValidationError } from '../shared/domain-error';
import type { FileStorage } from '../files/file-storage';
import { extensionFor, type ProofFile } from '../files/proof-file';
import { OrderNotFoundError } from './order-errors';
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

/** A customer acts only on their own orders; anyone else's order does not exist for them. */
function ownedBy(view: OrderView | null, user: UserRow): OrderView {
  if (!view || view.userId !== user.id) throw new OrderNotFoundError();
  return view;
}

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

  verify(orderId: string, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, () => ({ type: 'OrderVerified', data: { verifiedAt: metadata.acceptedAt } }));
  }

  markCryptoSent(orderId: string, cryptoReference: string, metadata: EventMetadata): Promise<OrderView> {
    const reference = text(cryptoReference);
    if (!reference) throw ValidationError.of('cryptoReference', 'Crypto transaction reference is required');
    return this.orders.execute(orderId, metadata, () => ({ type: 'CryptoSent', data: { cryptoReference: reference, sentAt: metadata.acceptedAt } }));
  }

  complete(orderId: string, input: CompletionInput, mode: CompletionMode, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (view) => {
      if (!view) throw new OrderNotFoundError();
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

  reject(orderId: string, reason: string | null, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, () => ({
      type: 'OrderRejected',
      data: { rejectedAt: metadata.acceptedAt, reason: text(reason)?.slice(0, 500) ?? null },
    }));
  }

  /** The payment window passed without proof (the machine refuses it before the due time). */
  expire(orderId: string, metadata: EventMetadata): Promise<OrderView> {
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
  const previous = { rate: view.rate, fiatAmount: view.fiatAmount, cryptoAmount: view.cryptoAmount, feeAmount: view.feeAmount };
  if (view.orderType === 'fiat_to_crypto') {
    const quote = quoteBuy({ fiatAmount: view.fiatAmount, rate, feePercent: view.feePercent });
    return { rate, fiatAmount: quote.fiatAmount, cryptoAmount: quote.netUsdt, feeAmount: quote.feeUsdt, previous };
  }
  const quote = quoteSell({ cryptoAmount: new Money(view.cryptoAmount).toFixed(0), rate, feePercent: view.feePercent });
  return { rate, fiatAmount: quote.netInr, cryptoAmount: quote.cryptoAmount, feeAmount: quote.feeInr, previous };
}
