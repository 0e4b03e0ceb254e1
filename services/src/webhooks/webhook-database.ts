import type { ColumnType, Generated, Kysely } from 'kysely';

/** The webhooks' own tables (migrations 030, 031 and 040), for kysely. */
export interface WebhookEndpointsTable {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_valid_until: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  tenant_id: string;
  event_id: string;
  event_type: string;
  order_id: string | null;
  body: string;
  state: DeliveryState;
  attempts: ColumnType<number, number | undefined, number>;
  round_attempts: ColumnType<number, number | undefined, number>;
  /** An admin asked for the next attempt (Redeliver): the attempt is marked so in the log. */
  manual: ColumnType<boolean, boolean | undefined, boolean>;
  next_attempt_at: Date | null;
  sending_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  number: number;
  manual: boolean;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string;
}

export interface WebhookFeedTable {
  id: number;
  position: string | null;
  started_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A rotation made under an Idempotency-Key, by its request's id: written in the rotation's transaction (migration 040). */
export interface WebhookRotationsTable {
  endpoint_id: string;
  request_id: string;
  rotated_at: ColumnType<Date, Date | undefined, never>;
}

export interface WebhookDatabase {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_rotations: WebhookRotationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_feed: WebhookFeedTable;
}

export type WebhookDb = Kysely<WebhookDatabase>;
