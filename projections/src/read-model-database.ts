import type { ColumnType, Generated } from 'kysely';

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

export interface StreamSummaryTable {
  stream_id: string;
  category: string;
  event_count: ColumnType<string, string | number, string | number>;
  last_event_type: string;
  last_stream_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  first_recorded_at: Date;
  last_recorded_at: Date;
}

export interface ReadModelDatabase {
  projection_checkpoints: ProjectionCheckpointsTable;
  rm_stream_summary: StreamSummaryTable;
}
