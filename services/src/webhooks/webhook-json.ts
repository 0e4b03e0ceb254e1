import { z } from 'zod';
import type { EndpointRow } from './webhook-endpoints';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from './webhook-database';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-event-types';

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const endpointJsonSchema = z.object({
  id: z.string(),
  tenantId: z.string().describe('The brand whose order events it receives'),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(eventTypeSchema),
  enabled: z.boolean(),
  previousSecretValidUntil: z.string().nullable().describe('During a rotation: when the previous secret stops signing; else null'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function endpointJson(row: EndpointRow, now = new Date()): z.infer<typeof endpointJsonSchema> {
  const overlap = row.previous_valid_until && row.previous_valid_until > now ? row.previous_valid_until.toISOString() : null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types as WebhookEventType[],
    enabled: row.enabled,
    previousSecretValidUntil: overlap,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const deliveryStateSchema = z.enum(['pending', 'retrying', 'delivered', 'failed']);

export const deliveryJsonSchema = z.object({
  id: z.string().describe('The delivery id: the same on every attempt (X-Desk-Delivery, and `id` in the body)'),
  endpointId: z.string(),
  eventType: eventTypeSchema,
  orderId: z.string().nullable(),
  state: deliveryStateSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

type DeliveryRow = Omit<WebhookDeliveriesTable, 'created_at' | 'updated_at' | 'attempts' | 'round_attempts' | 'manual'> & {
  created_at: Date;
  updated_at: Date;
  attempts: number;
};

export function deliveryJson(row: DeliveryRow): z.infer<typeof deliveryJsonSchema> {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventType: row.event_type as WebhookEventType,
    orderId: row.order_id,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const attemptJsonSchema = z.object({
  number: z.number().int(),
  manual: z.boolean().describe('Sent because an admin asked (Redeliver)'),
  attemptedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable().describe("The receiver's status; null when there was none (see error)"),
  error: z.string().nullable().describe('Why there was no answer: a network error, a timeout, a refused address'),
  responseExcerpt: z.string().describe('The first kilobyte of the answer'),
});

export function attemptJson(row: Omit<WebhookAttemptsTable, 'id'>): z.infer<typeof attemptJsonSchema> {
  return {
    number: row.number,
    manual: row.manual,
    attemptedAt: row.attempted_at.toISOString(),
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}

export const eventTypeCatalogueSchema = z.array(z.object({ type: eventTypeSchema, label: z.string() }));
export const EVENT_TYPE_CATALOGUE = WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] }));
