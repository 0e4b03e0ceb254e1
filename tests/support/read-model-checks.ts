import { sql, type Kysely } from 'kysely';

/**
 * What rm_stream_summary must hold, computed straight from the event table: per stream, the event
 * count and last position. An event applied twice or skipped shows up as a different count.
 */
export async function expectedStreamSummary(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    select coalesce(md5(string_agg(format('%s|%s|%s|%s', stream_id, n, last_position, last_type), ',' order by stream_id)), '') as digest
    from (
      select stream_id, count(*) as n, max(stream_position) as last_position,
             (array_agg(event_type order by stream_position desc))[1] as last_type
      from es_events group by stream_id
    ) s`.execute(db);
  return rows[0]!.digest;
}

/** The same digest over the read model as the projection built it. */
export async function actualStreamSummary(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    select coalesce(md5(string_agg(format('%s|%s|%s|%s', stream_id, event_count, last_stream_position, last_event_type), ',' order by stream_id)), '') as digest
    from rm_stream_summary`.execute(db);
  return rows[0]!.digest;
}

/** A checksum of every row of the read model, for comparing two builds of it. */
export async function streamSummaryChecksum(db: Kysely<any>): Promise<{ rows: number; checksum: string }> {
  const { rows } = await sql<{ rows: number; checksum: string }>`
    select count(*)::int as rows, coalesce(md5(string_agg(s::text, ',' order by stream_id)), '') as checksum
    from rm_stream_summary s`.execute(db);
  return rows[0]!;
}

export async function totalApplied(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select coalesce(sum(event_count), 0)::text as n from rm_stream_summary`.execute(db);
  return Number(rows[0]!.n);
}

/** How many events the event log's read model holds (one row an event). */
export async function eventLogRows(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_event_log`.execute(db);
  return rows[0]!.n;
}
