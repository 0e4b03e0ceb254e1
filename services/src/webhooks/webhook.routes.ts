import type { Context } from 'hono';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { adminScopeOf, coversTenant, tenantFilter, type AdminScope } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import type { WebhookEndpoints } from './webhook-endpoints';
import type { WebhookDispatch } from './webhook-dispatch';
import type { WebhookDeliveryLog } from './webhook-delivery-log';
import { endpointUrlProblem } from './endpoint-url';
import { decodeCursor, pageOf } from '../http/page-cursor';
import { attemptJson, deliveryJson, endpointJson, EVENT_TYPE_CATALOGUE } from './webhook-json';
import {
  changeEndpointSchema,
  createEndpointSchema,
  deliveryDetailSchema,
  deliveryListSchema,
  endpointAnswerSchema,
  endpointCreatedSchema,
  endpointListSchema,
  listDeliveriesQuery,
  listEndpointsQuery,
  messageSchema,
  secretRotatedSchema,
} from './webhook.schemas';

const admin = routeGroup({ tag: 'admin: webhooks', access: 'admin' });
/** An answer with a secret: kept by no cache, nor by the idempotency store (a retry is refused with 409 `secret_not_replayed`). */
const SHOWN_ONCE = { 'cache-control': 'no-store' };
const NOT_FOUND = "No such endpoint in your scope (another brand's is 404)";
const NO_DELIVERY = "No such delivery in your scope (another brand's is 404)";

export const webhookDeclarations = {
  list: admin.get('/webhooks', {
    summary: "Webhook endpoints: a brand admin's brand, or (operator) every brand or one",
    query: listEndpointsQuery,
    answers: { 200: answer('The endpoints, newest first, and the event types one may choose', endpointListSchema) },
  }),
  create: admin.post('/webhooks', {
    summary: 'Register an endpoint: its signing secret is in this answer only',
    body: createEndpointSchema,
    answers: { 201: answer('The endpoint and its signing secret (shown once)', endpointCreatedSchema) },
    refuses: {
      409: 'secret_not_replayed: a retry with the same Idempotency-Key (the answer held the secret, which is not kept; a retry that ran again after its first run was cut short names the endpoint, endpointId: rotate its secret if the first answer was lost); too_many_endpoints: the brand has 10 already',
    },
  }),
  deliveries: admin.get('/webhooks/{id}/deliveries', {
    summary: "An endpoint's deliveries, newest first",
    query: listDeliveriesQuery,
    answers: { 200: answer('A page of deliveries', deliveryListSchema) },
    refuses: { 404: NOT_FOUND },
  }),
  delivery: admin.get('/webhooks/deliveries/{deliveryId}', {
    summary: 'One delivery: its body and every attempt',
    answers: { 200: answer('The delivery and its attempts, newest first', deliveryDetailSchema) },
    refuses: { 404: NO_DELIVERY },
  }),
  redeliver: admin.post('/webhooks/deliveries/{deliveryId}/redeliver', {
    summary: 'Send a delivery again now, under the same delivery id',
    answers: { 202: answer('Queued: the attempt shows in the delivery log', messageSchema) },
    refuses: { 404: NO_DELIVERY, 409: 'delivery_in_flight: an attempt is being made right now' },
  }),
  change: admin.put('/webhooks/{id}', {
    summary: "Change an endpoint's address, events or description, or disable or enable it",
    body: changeEndpointSchema,
    answers: { 200: answer('The endpoint as changed', endpointAnswerSchema) },
    refuses: { 404: NOT_FOUND },
  }),
  remove: admin.delete('/webhooks/{id}', {
    summary: 'Delete an endpoint and its delivery log',
    answers: { 200: answer('Deleted', messageSchema) },
    refuses: { 404: NOT_FOUND },
  }),
  rotate: admin.post('/webhooks/{id}/rotate-secret', {
    summary: 'A new signing secret; the previous one signs too for 24 hours',
    answers: { 200: answer('The new secret (shown once) and when the previous one stops signing', secretRotatedSchema) },
    refuses: {
      404: NOT_FOUND,
      409: 'secret_not_replayed: a retry with the same Idempotency-Key (the answer held the secret, which is not kept; the endpoint rotated once, never twice, and named as endpointId when the retry ran again after its first run was cut short)',
    },
  }),
};

export interface WebhookRouteDeps {
  endpoints: WebhookEndpoints;
  dispatch: WebhookDispatch;
  log: WebhookDeliveryLog;
  /** Brands that exist, for an operator registering one's endpoint. */
  brandExists: (tenantId: string) => Promise<boolean>;
  production: boolean;
  trustProxy: ProxyTrust;
}

/** A brand's webhook endpoints and their delivery log (docs/webhooks.md): mounted at /api/admin, every admin in their scope. */
export function webhookRoutes({ endpoints, dispatch, log, brandExists, production, trustProxy }: WebhookRouteDeps) {
  const scopeOf = (c: Context<AdminEnv>): AdminScope => adminScopeOf(c.get('user'))!;
  const metadataOf = (c: Context<AdminEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  const checkUrl = (url: string | undefined) => {
    const problem = url === undefined ? null : endpointUrlProblem(url, production);
    if (problem) throw ValidationError.of('url', problem);
  };
  const cursorOf = (text: string | undefined) => {
    if (text === undefined) return null;
    const cursor = decodeCursor(text);
    if (!cursor) throw ValidationError.of('cursor', 'cursor must be nextCursor from the previous page');
    return cursor;
  };
  const d = webhookDeclarations;

  return routes<AdminEnv>()
    .openapi(d.list, async (c) => {
      const query = c.req.valid('query');
      const rows = await endpoints.list(tenantFilter(scopeOf(c), query.tenantId), query.limit, cursorOf(query.cursor));
      return c.json({ ...pageOf(rows, query.limit, (row) => endpointJson(row)), eventTypes: EVENT_TYPE_CATALOGUE }, 200);
    })
    .openapi(d.create, async (c) => {
      const { tenantId: asked, ...input } = c.req.valid('json');
      const scope = scopeOf(c);
      const tenantId = asked ?? (scope.kind === 'brand' ? scope.tenantId : DEFAULT_TENANT_ID);
      tenantFilter(scope, tenantId);
      if (!coversTenant(scope, tenantId) || !(await brandExists(tenantId))) throw ValidationError.of('tenantId', 'No such brand');
      checkUrl(input.url);
      const { endpoint, secret } = await endpoints.register({ ...input, tenantId }, metadataOf(c));
      return c.json({ endpoint: endpointJson(endpoint), secret }, 201, SHOWN_ONCE);
    })
    .openapi(d.deliveries, async (c) => {
      const query = c.req.valid('query');
      const rows = await log.deliveries(scopeOf(c), c.req.param('id'), query.limit, cursorOf(query.cursor));
      return c.json(pageOf(rows, query.limit, deliveryJson), 200);
    })
    .openapi(d.delivery, async (c) => {
      const { delivery, attempts } = await log.delivery(scopeOf(c), c.req.param('deliveryId'));
      return c.json({ delivery: { ...deliveryJson(delivery), body: delivery.body }, attempts: attempts.map(attemptJson) }, 200);
    })
    .openapi(d.redeliver, async (c) => {
      await dispatch.redeliver(scopeOf(c), c.req.param('deliveryId'), metadataOf(c));
      return c.json({ message: 'Redelivery queued' }, 202);
    })
    .openapi(d.change, async (c) => {
      const patch = c.req.valid('json');
      checkUrl(patch.url);
      const endpoint = await endpoints.change(scopeOf(c), c.req.param('id'), patch, metadataOf(c));
      return c.json({ endpoint: endpointJson(endpoint) }, 200);
    })
    .openapi(d.remove, async (c) => {
      await endpoints.remove(scopeOf(c), c.req.param('id'), metadataOf(c));
      return c.json({ message: 'Webhook endpoint deleted' }, 200);
    })
    .openapi(d.rotate, async (c) => {
      const { secret, previousValidUntil } = await endpoints.rotate(scopeOf(c), c.req.param('id'), metadataOf(c));
      return c.json({ secret, previousValidUntil: previousValidUntil.toISOString() }, 200, SHOWN_ONCE);
    });
}
