import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { OrderFlagged, PaymentMatched } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { CUSTOMER_REASONS } from '@desk/machines/order/order-reasons';
import type { WebhookEventType } from './webhook-event-types';

/**
 * The body of one delivery (docs/webhooks.md): what a brand's own systems need to follow an order
 * (decision 0039). The order is as it stood right after the event, not as it stands when the
 * delivery is sent, so a late or retried delivery tells the same story. No phone, name, bank
 * account or wallet address: the customer is named by their account id, which the brand's back
 * office can look up on the desk. The reason is the sentence the customer read, never the desk's note.
 */
export function deliveryBody(deliveryId: string, type: WebhookEventType, event: RecordedEvent, order: OrderView): string {
  const buy = order.orderType === 'fiat_to_crypto';
  const closed = order.status === 'rejected' || (order.status === 'cancelled' && order.reasonCode !== null);
  const data = {
    orderId: order.orderId,
    reference: order.refCode,
    orderType: buy ? 'buy' : 'sell',
    status: order.status,
    method: order.method,
    network: order.network,
    fiatAmount: order.fiatAmount,
    cryptoAmount: order.cryptoAmount,
    feeAmount: order.feeAmount,
    rate: order.rate,
    customerId: order.userId,
    transactionHash: order.cryptoReference,
    utr: buy ? order.bankReference : order.bankUtr,
    reason: closed ? CUSTOMER_REASONS[order.reasonCode ?? 'other'] : null,
    ...extraOf(event),
  };
  return JSON.stringify({ id: deliveryId, type, createdAt: event.recordedAt.toISOString(), brand: order.tenantId, data });
}

/** What the event itself adds: a flag's kind, a matched bank line's amount and reference. */
function extraOf(event: RecordedEvent): Record<string, unknown> {
  if (event.type === 'OrderFlagged') return { flag: { kind: (event.data as OrderFlagged['data']).kind } };
  if (event.type === 'PaymentMatched') {
    const line = event.data as PaymentMatched['data'];
    return { payment: { amount: line.amount, reference: line.reference, bookedOn: line.bookedOn, direction: line.direction, via: line.via } };
  }
  return {};
}
