import pg from 'pg';
import type {
  AppendResult,
  Backlog,
  EventStore,
  ExpectedVersion,
  GlobalPosition,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
} from '../event-store';
import type { EventMetadata } from '../event-metadata';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../event-store.errors';
import { validateNewEvents } from '../validate-new-events';
import { decodePgPosition, encodePgPosition } from './pg-global-position';
import { listenToChannel } from '../../db/pg-listen';

interface EventRow {
  transaction_text: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

// The text copy of transaction_id gets its own name: a bare ORDER BY resolves output names before
// table columns, and ordering by the text would put xid 1000 before 999 and skip events.
const EVENT_COLUMNS = `transaction_id::text as transaction_text, global_position, stream_id, stream_position,
  event_id, event_type, data, metadata, recorded_at`;

// Named statements are parsed and planned once per connection: the append is on every command's path.
const APPEND = {
  name: 'es_append',
  text: 'select revision, transaction_id, global_position, already_stored from es_append($1, $2, $3, $4, $5, $6)',
};
const READ_ALL = {
  name: 'es_read_all',
  text: `select ${EVENT_COLUMNS} from es_events
    where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      and (transaction_id, global_position) > ($1::xid8, $2::bigint)
    order by es_events.transaction_id, es_events.global_position
    limit $3`,
};
const READ_STREAM = {
  name: 'es_read_stream',
  text: `select ${EVENT_COLUMNS} from es_events
    where stream_id = $1 and stream_position >= $2
    order by es_events.stream_position
    limit $3`,
};
const BACKLOG = {
  name: 'es_backlog',
  text: `select count(*)::int as count, min(recorded_at) as oldest from es_events
    where (transaction_id, global_position) > ($1::xid8, $2::bigint)`,
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    globalPosition: encodePgPosition(row.transaction_text, row.global_position),
    recordedAt: row.recorded_at,
  };
}

function expectedParam(expected: ExpectedVersion): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}

export interface PgEventStoreOptions {
  pool: pg.Pool;
  /** Connection string for the LISTEN connection (a pool connection cannot be held for LISTEN). */
  connectionString: string;
}

/** The default event store: PostgreSQL, embedded or a server. */
export class PgEventStore implements EventStore {
  readonly kind = 'postgres' as const;

  constructor(private readonly options: PgEventStoreOptions) {}

  async append(streamId: string, events: readonly NewEvent[], { expected }: { expected: ExpectedVersion }): Promise<AppendResult> {
    validateNewEvents(streamId, events);
    const values = [
      streamId,
      expectedParam(expected),
      events.map((e) => e.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata)),
    ];
    try {
      const { rows } = await this.options.pool.query({ ...APPEND, values });
      return toAppendResult(rows[0]);
    } catch (error) {
      return this.explainAppendFailure(error, streamId, events, expected);
    }
  }

  /**
   * A racing retry of the same append loses on the stream row or the event-id index rather than
   * finding the ids up front; when the whole batch turns out to be stored, the retry still succeeds.
   */
  private async explainAppendFailure(
    error: unknown,
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const code = (error as { code?: string }).code;
    const constraint = (error as { constraint?: string }).constraint;
    const isIdClash = code === 'ES410' || (code === '23505' && constraint === 'es_events_event_id_key');
    if (code !== 'ES409' && !isIdClash) throw error;

    const stored = await this.findStoredBatch(streamId, events);
    if (stored) return stored;
    if (isIdClash) throw new DuplicateEventIdError(streamId, events.map((e) => e.eventId));
    const detail = (error as { detail?: string }).detail ?? 'no_stream';
    throw new WrongExpectedVersionError(streamId, expected, detail === 'no_stream' ? 'no_stream' : BigInt(detail));
  }

  private async findStoredBatch(streamId: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    const ids = events.map((e) => e.eventId);
    const { rows } = await this.options.pool.query<{ stream_id: string; stream_position: string; transaction_id: string; global_position: string }>(
      `select stream_id, stream_position, transaction_id::text, global_position from es_events
       where event_id = any($1::uuid[]) order by stream_position desc`,
      [ids],
    );
    if (rows.length !== ids.length || rows.some((r) => r.stream_id !== streamId)) return null;
    const last = rows[0]!;
    return {
      nextExpectedVersion: BigInt(last.stream_position),
      lastPosition: encodePgPosition(last.transaction_id, last.global_position),
      alreadyStored: true,
    };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = (options.fromRevision ?? 0n).toString();
    const limit = options.maxCount ?? null;
    const { rows } = await this.options.pool.query<EventRow>({ ...READ_STREAM, values: [streamId, from, limit] });
    return rows.map(toRecorded);
  }

  async readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const { transactionId, globalPosition } = decodePgPosition(after);
    const { rows } = await this.options.pool.query<EventRow>({ ...READ_ALL, values: [transactionId, globalPosition, limit] });
    return rows.map(toRecorded);
  }

  async backlog(after: GlobalPosition | null): Promise<Backlog> {
    const { transactionId, globalPosition } = decodePgPosition(after);
    const { rows } = await this.options.pool.query<{ count: number; oldest: Date | null }>({
      ...BACKLOG,
      values: [transactionId, globalPosition],
    });
    return { count: rows[0]?.count ?? 0, oldestRecordedAt: rows[0]?.oldest ?? null };
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return listenToChannel(this.options.connectionString, 'es_appended', listener);
  }

  /** The pool belongs to whoever created it; the store holds nothing else open. */
  async close(): Promise<void> {}
}

function toAppendResult(row: { revision: string; transaction_id: string; global_position: string; already_stored: boolean } | undefined): AppendResult {
  if (!row) throw new Error('es_append returned no row');
  return {
    nextExpectedVersion: BigInt(row.revision),
    lastPosition: encodePgPosition(row.transaction_id, row.global_position),
    alreadyStored: row.already_stored,
  };
}
