/**
 * The admin trail of a brand's webhook endpoints, on `webhook-<endpointId>` with who, when and from
 * where in the metadata (docs/event-catalogue.md). The secrets never appear: a rotation records when
 * the previous one stops signing. Addresses are recorded without their query (endpoint-url.ts).
 */
export type WebhookEndpointEvent =
  | {
      type: 'WebhookEndpointRegistered';
      data: { endpointId: string; tenantId: string; url: string; eventTypes: string[]; description: string; registeredAt: string };
    }
  | {
      type: 'WebhookEndpointChanged';
      data: {
        endpointId: string;
        tenantId: string;
        url: string;
        eventTypes: string[];
        description: string;
        enabled: boolean;
        changed: string[];
        changedAt: string;
      };
    }
  | { type: 'WebhookSecretRotated'; data: { endpointId: string; tenantId: string; previousValidUntil: string; rotatedAt: string } }
  | { type: 'WebhookEndpointDeleted'; data: { endpointId: string; tenantId: string; url: string; deletedAt: string } }
  | { type: 'WebhookRedeliveryRequested'; data: { endpointId: string; tenantId: string; deliveryId: string; eventType: string; requestedAt: string } };

export const WEBHOOK_STREAM = 'webhook';
