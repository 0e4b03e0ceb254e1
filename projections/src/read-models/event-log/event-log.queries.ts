import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

export interface EventLogFilters {
  actorId?: string | undefined;
  ip?: string | undefined;
  type?: string | undefined;
  streamId?: string | undefined;
  /** null: every brand. */
  tenantId: string | null;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only events before this cursor (a `seq` from the previous page). */
  before?: string | undefined;
  /** Leaves out streams whose id starts with one of these (what the reader may not see of their brand). */
  hiddenStreams?: readonly string[] | undefined;
}

export interface LoggedEvent {
  seq: string;
  eventId: string;
  streamId: string;
  streamPosition: number;
  type: string;
  tenantId: string;
  recordedAt: Date;
  data: unknown;
  metadata: unknown;
}

/** One page of the log, newest first, and the cursor of the next (null on the last page). */
export async function searchEventLog(db: Db, filters: EventLogFilters, limit: number): Promise<{ events: LoggedEvent[]; nextBefore: string | null }> {
  let query = db.selectFrom('rm_event_log');
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
  if (filters.ip) query = query.where('ip', '=', filters.ip);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.streamId) query = query.where('stream_id', '=', filters.streamId);
  if (filters.tenantId !== null) query = query.where('tenant_id', '=', filters.tenantId);
  if (filters.from) query = query.where('recorded_at', '>=', filters.from);
  if (filters.to) query = query.where('recorded_at', '<=', filters.to);
  if (filters.before) query = query.where('seq', '<', filters.before);
  for (const prefix of filters.hiddenStreams ?? []) query = query.where('stream_id', 'not like', `${likePrefix(prefix)}%`);
  const rows = await query
    .select(['seq', 'event_id', 'stream_id', 'stream_position', 'type', 'tenant_id', 'recorded_at', 'data', 'metadata'])
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map((r) => ({
    seq: String(r.seq),
    eventId: r.event_id,
    streamId: r.stream_id,
    streamPosition: Number(r.stream_position),
    type: r.type,
    tenantId: r.tenant_id,
    recordedAt: r.recorded_at,
    data: r.data,
    metadata: r.metadata,
  }));
  return { events: page, nextBefore: rows.length > limit ? page[page.length - 1]!.seq : null };
}

/** Streams with an event recorded in [from, to], of one brand or all (null), and the positions that fall in it. */
export async function streamsRecordedBetween(
  db: Db,
  window: { from: Date; to: Date; tenantId: string | null; hiddenStreams?: readonly string[] | undefined },
): Promise<{ streamId: string; first: bigint; last: bigint; count: number }[]> {
  let query = db.selectFrom('rm_event_log').where('recorded_at', '>=', window.from).where('recorded_at', '<=', window.to);
  if (window.tenantId !== null) query = query.where('tenant_id', '=', window.tenantId);
  for (const prefix of window.hiddenStreams ?? []) query = query.where('stream_id', 'not like', `${likePrefix(prefix)}%`);
  const rows = await query
    .select((eb) => ['stream_id', eb.fn.min('stream_position').as('first'), eb.fn.max('stream_position').as('last'), eb.fn.countAll<string>().as('n')])
    .groupBy('stream_id')
    .orderBy('stream_id')
    .execute();
  return rows.map((r) => ({ streamId: r.stream_id, first: BigInt(r.first as string), last: BigInt(r.last as string), count: Number(r.n) }));
}

/** `prefix` as a LIKE pattern's literal start (its own `%`, `_` and `\\` escaped). */
const likePrefix = (prefix: string) => prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
