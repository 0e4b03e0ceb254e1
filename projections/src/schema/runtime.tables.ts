import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the projection runtime's own tables. */
/** Kysely types of the projection runtime's tables and every read model. */
export interface ProjectionCheckpointsTable {
  name: string;
  position: string | null;
  events_applied: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  last_event_at: Date | null;
  rebuild_started_at: Date | null;
  rebuild_total: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  last_error: string | null;
  updated_at: Generated<Date>;
}

/** An event a projection stepped past after it kept failing (quarantined): runtime/dead-letter-store.ts. */
export interface ProjectionDeadLettersTable {
  projection: string;
  position: string;
  event_id: string;
  stream_id: string;
  stream_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  event_type: string;
  error: string;
  attempts: number;
  first_failed_at: Date;
  quarantined_at: Generated<Date>;
}
