import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the event log read model (migrations in read-models/event-log/). */
export interface EventLogTable {
  /** Order of projection, which is the log's order: the cursor of a newest-first page. */
  seq: Generated<string>;
  event_id: string;
  stream_id: string;
  stream_position: ColumnType<string, string, never>;
  type: string;
  tenant_id: string;
  actor_id: string;
  actor_role: string;
  ip: string | null;
  recorded_at: Date;
  data: unknown;
  metadata: unknown;
}
