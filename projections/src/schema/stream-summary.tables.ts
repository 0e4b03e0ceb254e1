import type { ColumnType } from 'kysely';

export interface StreamSummaryTable {
  stream_id: string;
  category: string;
  event_count: ColumnType<string, string | number, string | number>;
  last_event_type: string;
  last_stream_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  first_recorded_at: Date;
  last_recorded_at: Date;
}
