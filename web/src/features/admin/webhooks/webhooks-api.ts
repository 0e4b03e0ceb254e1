import type { deliveryDetailSchema, deliveryListSchema, endpointListSchema } from '@desk/services/webhooks/webhook.schemas';
import { api, unwrap } from '../../../lib/api';

const hooks = api.admin.webhooks;

// The answers' types come from the server's own schemas (the ones its routes are declared with).
export type WebhookList = (typeof endpointListSchema)['_output'];
export type WebhookEndpoint = WebhookList['items'][number];
export type EventTypeChoice = WebhookList['eventTypes'][number];
export type EventType = EventTypeChoice['type'];
export type DeliveryPage = (typeof deliveryListSchema)['_output'];
export type Delivery = DeliveryPage['items'][number];
export type DeliveryDetail = (typeof deliveryDetailSchema)['_output'];

export interface EndpointDraft {
  url: string;
  eventTypes: EventType[];
  description: string;
}

/** The webhook calls of the admin screen (docs/webhooks.md), typed from the server's routes. */
export const webhooksApi = {
  list: (tenantId?: string): Promise<WebhookList> => unwrap(hooks.$get({ query: { limit: '100', ...(tenantId ? { tenantId } : {}) } })),
  create: (json: EndpointDraft & { tenantId?: string }): Promise<{ endpoint: WebhookEndpoint; secret: string }> => unwrap(hooks.$post({ json })),
  change: (id: string, json: Partial<EndpointDraft> & { enabled?: boolean }): Promise<{ endpoint: WebhookEndpoint }> =>
    unwrap(hooks[':id'].$put({ param: { id }, json })),
  remove: (id: string): Promise<{ message: string }> => unwrap(hooks[':id'].$delete({ param: { id } })),
  rotate: (id: string): Promise<{ secret: string; previousValidUntil: string }> => unwrap(hooks[':id']['rotate-secret'].$post({ param: { id } })),
  deliveries: (id: string, cursor?: string): Promise<DeliveryPage> =>
    unwrap(hooks[':id'].deliveries.$get({ param: { id }, query: { limit: '20', ...(cursor ? { cursor } : {}) } })),
  delivery: (deliveryId: string): Promise<DeliveryDetail> => unwrap(hooks.deliveries[':deliveryId'].$get({ param: { deliveryId } })),
  redeliver: (deliveryId: string): Promise<{ message: string }> => unwrap(hooks.deliveries[':deliveryId'].redeliver.$post({ param: { deliveryId } })),
};

export const webhookKeys = {
  list: ['admin', 'webhooks'] as const,
  deliveries: (id: string) => ['admin', 'webhooks', id, 'deliveries'] as const,
  delivery: (deliveryId: string) => ['admin', 'webhooks', 'delivery', deliveryId] as const,
};
