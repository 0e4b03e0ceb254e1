import { UUID } from '../http/server-ids';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { AdminScope } from '../identity/admin-scope';
import type { WebhookDb } from './webhook-database';
import type { WebhookEndpoints } from './webhook-endpoints';
import { newestFirstPage, type PageCursor } from '../http/page-cursor';

const DELIVERY_COLUMNS = [
  'id',
  'endpoint_id',
  'tenant_id',
  'event_id',
  'event_type',
  'order_id',
  'body',
  'state',
  'attempts',
  'next_attempt_at',
  'sending_until',
  'last_status',
  'last_error',
  'created_at',
  'updated_at',
] as const;

/** The delivery log, read in an admin's scope: another brand's endpoint or delivery is 404. */
export class WebhookDeliveryLog {
  constructor(
    private readonly db: WebhookDb,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  /** An endpoint's deliveries, newest first: `limit + 1` rows, the extra one saying there is a next page. */
  async deliveries(scope: AdminScope, endpointId: string, limit: number, cursor: PageCursor | null) {
    await this.endpoints.get(scope, endpointId);
    return newestFirstPage(this.db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('endpoint_id', '=', endpointId), limit, cursor);
  }

  /** One delivery with its body and every attempt, newest first. */
  async delivery(scope: AdminScope, deliveryId: string) {
    if (!UUID.test(deliveryId)) throw new NotFoundError('Delivery not found');
    const delivery = await this.db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('id', '=', deliveryId).executeTakeFirst();
    const endpoint = delivery ? await this.endpoints.get(scope, delivery.endpoint_id).catch(() => null) : null;
    if (!delivery || !endpoint) throw new NotFoundError('Delivery not found');
    const attempts = await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('number', 'desc').execute();
    return { delivery, attempts };
  }
}
