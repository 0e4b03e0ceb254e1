import { DatabaseError, type default as pg } from 'pg';
import { backlogOf, type Backlog, type BacklogOptions } from '../backlog';
import type { AppendResult, EventStore, ExpectedVersion, GlobalPosition, NewEvent, ReadStreamOptions, RecordedEvent } from '../event-store';
import type { EventMetadata } from '../event-metadata';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../event-store.errors';
import { validateNewEvents } from '../validate-new-events';
import { decodePgPosition, encodePgPosition } from './pg-global-position';
import { listenToChannel } from '../../db/pg-listen';
import { appendStatement, retriesOnRace, type AppendRow } from './pg-append-statement';
import { AppendNotifier } from './pg-append-notifier';
import { AppendGroup } from './pg-append-group';
import { groupedAppendStatement, type GroupedAppend, type GroupedAppendRow } from './pg-append-group-statement';

const APPENDED_CHANNEL = 'es_appended';
/** 'any' and 'stream_exists' appends retry a lost race; this bounds a pathological hot stream. */
const MAX_RACE_RETRIES = 50;
/**
 * Group commit (pg-append-group.ts). Two groups on their way at once: an append that arrives just
 * after a group left need not wait for its commit; more would split the load into more, smaller
 * commits. The event limit bounds one statement's parameter (about a kilobyte per event).
 * Measured in docs/performance.md.
 */
const GROUPS_IN_FLIGHT = 2;
const GROUP_MAX_EVENTS = 200;

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
  hash: Buffer;
}

// The text copy of transaction_id gets its own name: a bare ORDER BY resolves output names before
// table columns, and ordering by the text would put xid 1000 before 999 and skip events.
const EVENT_COLUMNS = `transaction_id::text as transaction_text, global_position, stream_id, stream_position,
  event_id, event_type, data, metadata, recorded_at, hash`;

// Named statements are parsed and planned once per connection: these run on every command and batch.
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
const HAS_EVENTS_AFTER = {
  name: 'es_has_events_after',
  text: `select exists (select 1 from es_events where (transaction_id, global_position) > ($1::xid8, $2::bigint)) as found`,
};
/**
 * How many events follow a position, counted up to $3 rows (all when null: a limit of null is none),
 * and when the first of them was recorded (from the index, not a scan of them all).
 */
const BACKLOG = {
  name: 'es_backlog',
  text: `select
      (select count(*)::int from (select from es_events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint) limit $3) as counted) as count,
      (select recorded_at from es_events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
        order by transaction_id, global_position limit 1) as oldest`,
};

/**
 * No answer from the database to the statement: anything but an error message the server sent
 * (pg's DatabaseError): the client's own (its answer bound passed, the connection terminated), a
 * socket's, a name not found, a certificate refused (review 20: codes such as EAI_AGAIN and
 * DEPTH_ZERO_SELF_SIGNED_CERT were first taken for refusals); or the server saying it cannot serve
 * (connection exception 08, insufficient resources 53, shutting down 57P0x: PostgreSQL's manual,
 * appendix A). Any other message from the server is its refusal of this statement.
 */
function databaseAway(error: unknown): boolean {
  return !(error instanceof DatabaseError) || /^(08|53|57P0)/.test(error.code ?? '');
}

/** An append's answer from its last inserted row. */
function appendResult(last: AppendRow): AppendResult {
  return {
    nextExpectedVersion: BigInt(last.revision),
    lastPosition: encodePgPosition(last.transaction_text, last.last_global_position),
    alreadyStored: false,
  };
}

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
    hash: row.hash.toString('hex'),
  };
}

export interface PgEventStoreOptions {
  pool: pg.Pool;
  /** Connection string for the LISTEN connection (a pool connection cannot be held for LISTEN). */
  connectionString: string;
}

/** The default event store: PostgreSQL, embedded or a server. */
export class PgEventStore implements EventStore {
  readonly kind = 'postgres' as const;

  private readonly notifier: AppendNotifier;
  private readonly group: AppendGroup;

  constructor(private readonly options: PgEventStoreOptions) {
    this.notifier = new AppendNotifier(options.pool, APPENDED_CHANNEL);
    this.group = new AppendGroup(this.sendGroup, { maxInFlight: GROUPS_IN_FLIGHT, maxEvents: GROUP_MAX_EVENTS });
  }

  async append(streamId: string, events: readonly NewEvent[], { expected }: { expected: ExpectedVersion }): Promise<AppendResult> {
    validateNewEvents(streamId, events);
    return this.group.append({ streamId, events, expected });
  }

  /** One group from AppendGroup: alone it takes the single statement, together the grouped one; each append's answer its own. */
  private readonly sendGroup = async (appends: readonly GroupedAppend[]): Promise<Promise<AppendResult>[]> => {
    const alone = () => appends.map((a) => this.appendAlone(a.streamId, a.events, a.expected));
    if (appends.length === 1) return alone();
    let statement: ReturnType<typeof groupedAppendStatement>;
    try {
      statement = groupedAppendStatement(appends);
    } catch {
      // One carried what cannot be written (JSON cannot hold a bigint): alone, only that one fails (review 19).
      return alone();
    }
    let rows: GroupedAppendRow[];
    try {
      ({ rows } = await this.options.pool.query<GroupedAppendRow>(statement));
    } catch (error) {
      // The database did not answer, or is going away: every append of the group fails as an append
      // alone fails, for its caller to retry. Sent again one by one behind the same outage, each
      // first waited for a connection of its own (review 17: about 12 s, where the bound is 7).
      if (databaseAway(error)) throw error;
      // It answered with a refusal: a key (a race, an id clash, a retry), what one append carried, a
      // lock one stream waited on past the statement bound (57014, review 19). The statement kept
      // nothing, and each append alone gets its own answer.
      return alone();
    }
    this.notifier.appended();
    const lastRows = new Map<string, GroupedAppendRow>();
    for (const row of rows) {
      const seen = lastRows.get(row.stream_id);
      if (!seen || BigInt(row.revision) > BigInt(seen.revision)) lastRows.set(row.stream_id, row);
    }
    return appends.map(({ streamId, events, expected }) => {
      const last = lastRows.get(streamId);
      return last ? Promise.resolve(appendResult(last)) : this.resolveConflict(streamId, events, expected);
    });
  };

  private async appendAlone(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      let rows: AppendRow[];
      try {
        ({ rows } = await this.options.pool.query<AppendRow>(appendStatement(streamId, events, expected)));
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === 'es_events_event_id_key') return this.resolveIdClash(streamId, events);
        if (constraint !== 'es_events_pkey') throw error;
        // A racing append took the positions first.
        if (retriesOnRace(expected) && attempt < MAX_RACE_RETRIES) continue;
        return this.resolveConflict(streamId, events, expected);
      }
      const last = rows[rows.length - 1];
      if (!last) return this.resolveConflict(streamId, events, expected);
      this.notifier.appended();
      return appendResult(last);
    }
  }

  /**
   * The stream was not as expected. A retry of an append that already succeeded lands here too
   * (its first attempt moved the stream on): when the whole batch is stored, the retry succeeds.
   */
  private async resolveConflict(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    const stored = await this.findStoredBatch(streamId, events);
    if (stored) return stored;
    const { rows } = await this.options.pool.query<{ revision: string | null }>(
      'select max(stream_position)::text as revision from es_events where stream_id = $1',
      [streamId],
    );
    const revision = rows[0]?.revision;
    throw new WrongExpectedVersionError(streamId, expected, revision ? BigInt(revision) : 'no_stream');
  }

  /** An event id is already stored: the same append retried (success), or an id reused (refused). */
  private async resolveIdClash(streamId: string, events: readonly NewEvent[]): Promise<AppendResult> {
    const stored = await this.findStoredBatch(streamId, events);
    if (stored) return stored;
    throw new DuplicateEventIdError(
      streamId,
      events.map((e) => e.eventId),
    );
  }

  private async findStoredBatch(streamId: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    const ids = events.map((e) => e.eventId);
    const { rows } = await this.options.pool.query<{ stream_id: string; stream_position: string; transaction_text: string; global_position: string }>(
      `select stream_id, stream_position, transaction_id::text as transaction_text, global_position from es_events
       where event_id = any($1::uuid[]) order by es_events.stream_position desc`,
      [ids],
    );
    if (rows.length !== ids.length || rows.some((r) => r.stream_id !== streamId)) return null;
    const last = rows[0]!;
    return {
      nextExpectedVersion: BigInt(last.stream_position),
      lastPosition: encodePgPosition(last.transaction_text, last.global_position),
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

  async backlog(after: GlobalPosition | null, { countUpTo }: BacklogOptions = {}): Promise<Backlog> {
    const { transactionId, globalPosition } = decodePgPosition(after);
    // One row past the bound tells a count of exactly countUpTo apart from a longer backlog.
    const { rows } = await this.options.pool.query<{ count: number; oldest: Date | null }>({
      ...BACKLOG,
      values: [transactionId, globalPosition, countUpTo === undefined ? null : countUpTo + 1],
    });
    return backlogOf(rows[0]?.count ?? 0, countUpTo, rows[0]?.oldest ?? null);
  }

  async hasEventsAfter(after: GlobalPosition | null): Promise<boolean> {
    const { transactionId, globalPosition } = decodePgPosition(after);
    const { rows } = await this.options.pool.query<{ found: boolean }>({ ...HAS_EVENTS_AFTER, values: [transactionId, globalPosition] });
    return rows[0]?.found === true;
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return listenToChannel(this.options.connectionString, APPENDED_CHANNEL, listener);
  }

  /** The pool belongs to whoever created it. */
  async close(): Promise<void> {
    await this.notifier.stop();
  }
}
