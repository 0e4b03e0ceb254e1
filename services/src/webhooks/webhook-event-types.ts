/**
 * What a brand may subscribe to: stable codes in the API, plain words on the screen, and the order
 * event of the log each one is (docs/webhooks.md has the same table for a receiver's developer).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.verified',
  'order.completed',
  'order.rejected',
  'order.cancelled',
  'order.expired',
  'order.flagged',
  'order.payment_matched',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The order event (docs/event-catalogue.md) each type is delivered for. */
export const DOMAIN_EVENT_OF: Readonly<Record<WebhookEventType, string>> = {
  'order.placed': 'OrderPlaced',
  'order.paid': 'ProofSubmitted',
  'order.verified': 'OrderVerified',
  'order.completed': 'OrderCompleted',
  'order.rejected': 'OrderRejected',
  'order.cancelled': 'OrderCancelled',
  'order.expired': 'OrderExpired',
  'order.flagged': 'OrderFlagged',
  'order.payment_matched': 'PaymentMatched',
};

const TYPE_OF_DOMAIN_EVENT = new Map(Object.entries(DOMAIN_EVENT_OF).map(([type, event]) => [event, type as WebhookEventType]));

/** The webhook type an order event is delivered as, or null for events no one subscribes to. */
export const webhookTypeOf = (domainEvent: string): WebhookEventType | null => TYPE_OF_DOMAIN_EVENT.get(domainEvent) ?? null;

/** How the admin screen names each type. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'order.placed': 'Order placed',
  'order.paid': 'Customer says they paid',
  'order.verified': 'Payment verified',
  'order.completed': 'Order completed',
  'order.rejected': 'Order rejected',
  'order.cancelled': 'Order cancelled',
  'order.expired': 'Order expired',
  'order.flagged': 'Order flagged for review',
  'order.payment_matched': 'Bank payment matched',
};
