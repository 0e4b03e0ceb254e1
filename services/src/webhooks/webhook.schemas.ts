import { z } from 'zod';
import { atMost } from '../http/validate';
import { URL_MAX } from './endpoint-url';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { attemptJsonSchema, deliveryJsonSchema, endpointJsonSchema, eventTypeCatalogueSchema } from './webhook-json';

const URL_RULE =
  'https:// (plain http:// only to localhost, 127.0.0.1 or [::1], and only on a desk not in production); no user name or password. ' +
  'In production, an address that resolves to a private, loopback or link-local network is refused at delivery.';

const url = z
  .string({ error: 'Enter the address deliveries are sent to' })
  .trim()
  .min(1, 'Enter the address deliveries are sent to')
  .max(URL_MAX, atMost('The address', URL_MAX))
  .describe(URL_RULE);
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Event types are ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .refine((types) => new Set(types).size === types.length, 'Each event type once')
  .describe('At least one, each once');
const description = z.string({ error: 'The description must be text' }).trim().max(200, atMost('The description', 200));

export const createEndpointSchema = z.object({
  tenantId: z.string().max(100).optional().describe("The brand (operator admins; absent: the operator's own brand). A brand admin's is always their own."),
  url,
  eventTypes,
  description: description.default(''),
});

export const changeEndpointSchema = z.object({
  url: url.optional(),
  eventTypes: eventTypes.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'enabled is true or false' }).optional().describe('false: nothing is sent, and events meanwhile are not delivered later'),
});

const limit = z.coerce
  .number({ error: 'limit is a number from 1 to 100' })
  .int('limit is a number from 1 to 100')
  .min(1, 'limit is a number from 1 to 100')
  .max(100, 'limit is a number from 1 to 100')
  .default(50);
const cursor = z.string().max(200).optional().describe('nextCursor from the previous page');

export const listEndpointsQuery = z.object({ tenantId: z.string().max(100).optional().describe('Operator admins: one brand'), cursor, limit });
export const listDeliveriesQuery = z.object({ cursor, limit });

export const endpointListSchema = z.object({ items: z.array(endpointJsonSchema), nextCursor: z.string().nullable(), eventTypes: eventTypeCatalogueSchema });
export const endpointCreatedSchema = z.object({ endpoint: endpointJsonSchema, secret: z.string().describe('The signing secret: shown this once') });
export const endpointAnswerSchema = z.object({ endpoint: endpointJsonSchema });
export const secretRotatedSchema = z.object({
  secret: z.string().describe('The new signing secret: shown this once'),
  previousValidUntil: z.string().describe('Until then the previous secret signs too (a second v1= in X-Desk-Signature)'),
});
export const deliveryListSchema = z.object({ items: z.array(deliveryJsonSchema), nextCursor: z.string().nullable() });
export const deliveryDetailSchema = z.object({
  delivery: deliveryJsonSchema.extend({ body: z.string().describe('The JSON body as sent (every attempt sends these bytes)') }),
  attempts: z.array(attemptJsonSchema),
});
export const messageSchema = z.object({ message: z.string() });
