/**
 * The EventStoreDB adapter. Every use of @eventstore/db-client stays in this file: its successor,
 * @kurrent/kurrentdb-client, renames `expectedRevision` to `streamState`, and switching clients
 * should touch one file. Needs EventStoreDB 22.6 or later, the first to give stream reads a log position.
 *
 * Where EventStoreDB differs from the PostgreSQL adapter:
 * - The server answers an idempotent retry exactly as it answered the original write. To report
 *   `alreadyStored`, every append stamps its events' metadata with a fresh append id and reads
 *   back its last event: another append id there means an earlier append wrote the batch. That
 *   costs one extra read per append, and the same read gives `lastPosition` as the event's own
 *   $all position, identical for the write and every retry of it.
 * - Retries with an exact revision or 'no_stream' are checked against the stream itself. With
 *   'any' or 'stream_exists', the server only checks its in-memory cache of recent event ids; an id
 *   that has left the cache is written a second time.
 * - Event ids are unique within one stream only. The server has no index by event id, so an id
 *   already stored in another stream is written again, not refused with DuplicateEventIdError.
 *   Refusing it would take a global index (a claim stream per event id, doubling every write),
 *   which this adapter does not keep.
 * - The hash chain (chain/event-hash.ts) is computed here and kept in each event's metadata: an
 *   append first reads the stream's last event for the hash to chain to, and pins the expected
 *   revision to it, so a racing append is refused by the server and this one is chained again.
 */
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { backlogOf, type Backlog, type BacklogOptions } from '../backlog';
import type { AppendResult, EventStore, ExpectedVersion, GlobalPosition, NewEvent, ReadStreamOptions, RecordedEvent } from '../event-store';
import type { EventMetadata } from '../event-metadata';
import { DuplicateEventIdError, WrongExpectedVersionError, type ActualVersion } from '../event-store.errors';
import { validateNewEvents } from '../validate-new-events';
import { logger } from '../../logging/logger';
import { chainHash, contentHash } from '../chain/event-hash';

/** Metadata key of the append id; removed again on every read. */
const APPEND_ID = 'esdbAppendId';
/** Metadata key of the event's chain hash; read back as RecordedEvent.hash. */
const CHAIN_HASH = 'chainHash';
const RACE_ATTEMPTS = 20;
const APPEND_ATTEMPTS = 3;
const CONFIRMATION_TIMEOUT_MS = 5_000;
const RESUBSCRIBE_MIN_MS = 250;
const RESUBSCRIBE_MAX_MS = 10_000;

export class EsdbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly listenerStops = new Set<() => Promise<void>>();

  private constructor(private readonly client: EventStoreDBClient) {}

  static connect(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: readonly NewEvent[], { expected }: { expected: ExpectedVersion }): Promise<AppendResult> {
    validateNewEvents(streamId, events);
    const appendId = randomUUID();
    let written: { nextExpectedRevision: bigint; position?: Position };
    for (let attempt = 1; ; attempt++) {
      const tail = await this.chainTail(streamId);
      if (expected === 'stream_exists' && tail.revision === null) throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
      // Chained to the event just read, so the write must land right after it.
      const pinned: AppendExpectedRevision =
        typeof expected === 'bigint' || expected === 'no_stream' ? toExpectedRevision(expected) : (tail.revision ?? NO_STREAM);
      let previous = tail.hash;
      let position = tail.revision === null ? 0n : tail.revision + 1n;
      const data = events.map((e) => {
        const hash = chainHash(previous, position++, contentHash({ streamId, ...e }));
        previous = hash;
        const metadata = { ...e.metadata, [APPEND_ID]: appendId, [CHAIN_HASH]: hash.toString('hex') };
        return jsonEvent({ id: e.eventId, type: e.type, data: (e.data ?? null) as JSONType, metadata });
      });
      try {
        written = await this.appendResending(streamId, data, pinned);
        break;
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
        const raced = (expected === 'any' || expected === 'stream_exists') && attempt < RACE_ATTEMPTS;
        const retried = tail.lastEventId !== null && events.some((e) => e.eventId.toLowerCase() === tail.lastEventId);
        if (raced && !retried) continue;
        return this.explainConflict(streamId, events, expected, toActualVersion(error.actualVersion));
      }
    }
    const [last] = await this.readRecorded(streamId, { fromRevision: written.nextExpectedRevision, maxCount: 1, requiresLeader: true });
    if (!last || last.id.toLowerCase() !== events[events.length - 1]!.eventId.toLowerCase()) {
      throw new Error(`EventStoreDB acknowledged an append to ${streamId} at revision ${written.nextExpectedRevision}, but another event is there`);
    }
    return {
      nextExpectedVersion: written.nextExpectedRevision,
      lastPosition: encodeEsdbPosition(last.position ?? written.position ?? requirePosition(last)),
      alreadyStored: appendIdOf(last.metadata) !== appendId,
    };
  }

  /**
   * The server drops a retry that arrives before the original write is indexed and lets it time
   * out, expecting the client to send it again. Resending is safe: event ids make it idempotent.
   */
  private async appendResending(streamId: string, data: EventData[], expectedRevision: AppendExpectedRevision) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.client.appendToStream(streamId, data, { expectedRevision });
      } catch (error) {
        const outcomeUnknown = error instanceof TimeoutError || error instanceof DeadlineExceededError || error instanceof UnavailableError;
        if (!outcomeUnknown || attempt >= APPEND_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * As in PostgreSQL: a batch already stored whole in this stream is a successful retry, whatever
   * the expected version. A refusal although the version was as expected is the server finding part
   * of the batch already stored. Reads the whole stream, but only on this failure path.
   */
  private async explainConflict(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion, actual: ActualVersion): Promise<AppendResult> {
    const stored = new Map((await this.readRecorded(streamId)).map((e) => [e.id.toLowerCase(), e]));
    const batch = events.map((e) => stored.get(e.eventId.toLowerCase()));
    if (batch.every((e) => e !== undefined)) {
      const last = batch.reduce((a, b) => (b.revision > a.revision ? b : a));
      return { nextExpectedVersion: last.revision, lastPosition: encodeEsdbPosition(requirePosition(last)), alreadyStored: true };
    }
    if (versionMatches(expected, actual))
      throw new DuplicateEventIdError(
        streamId,
        events.map((e) => e.eventId),
      );
    throw new WrongExpectedVersionError(streamId, expected, actual);
  }

  /** The stream's last event: its revision, id and chain hash (all null for a new stream). */
  private async chainTail(streamId: string): Promise<{ revision: bigint | null; hash: Buffer | null; lastEventId: string | null }> {
    try {
      for await (const { event } of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1, requiresLeader: true })) {
        if (!event) continue;
        const hash = isRecord(event.metadata) ? event.metadata[CHAIN_HASH] : undefined;
        return { revision: event.revision, hash: typeof hash === 'string' ? Buffer.from(hash, 'hex') : null, lastEventId: event.id.toLowerCase() };
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { revision: null, hash: null, lastEventId: null };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const recorded = await this.readRecorded(streamId, { fromRevision: options.fromRevision, maxCount: options.maxCount });
    return recorded.map(toRecorded);
  }

  private async readRecorded(
    streamId: string,
    options: { fromRevision?: bigint; maxCount?: number; requiresLeader?: boolean } = {},
  ): Promise<EsdbRecordedEvent[]> {
    const found: EsdbRecordedEvent[] = [];
    try {
      for await (const { event } of this.client.readStream(streamId, options)) {
        if (event) found.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return found;
  }

  /**
   * This client's readAll takes no server-side filter, so system events (statistics, projection
   * links, stream metadata) are dropped here, and one read may hold none of ours: read on until
   * `limit` are found or the log ends. A read starts at `fromPosition` itself, hence "at or before".
   */
  async readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    let floor = decodeEsdbPosition(after);
    while (found.length < limit) {
      const batchSize = limit + 1;
      const start = floor;
      let read = 0;
      for await (const { event } of this.client.readAll({ fromPosition: floor ?? START, maxCount: batchSize })) {
        read += 1;
        if (!event?.position || isAtOrBefore(event.position, floor)) continue;
        floor = event.position;
        if (isOurs(event)) found.push(toRecorded(event));
      }
      if (read < batchSize || floor === start) break;
    }
    return found.slice(0, limit);
  }

  /** Counts by reading $all (to its end, or one past `countUpTo`): O(events behind). Only status and rebuild progress ask. */
  async backlog(after: GlobalPosition | null, { countUpTo }: BacklogOptions = {}): Promise<Backlog> {
    const floor = decodeEsdbPosition(after);
    let count = 0;
    let oldestRecordedAt: Date | null = null;
    for await (const { event } of this.client.readAll({ fromPosition: floor ?? START })) {
      if (!event?.position || isAtOrBefore(event.position, floor) || !isOurs(event)) continue;
      count += 1;
      oldestRecordedAt ??= event.created;
      if (countUpTo !== undefined && count > countUpTo) break;
    }
    return backlogOf(count, countUpTo, oldestRecordedAt);
  }

  /** EventStoreDB has no held-back events: whatever it has stored is readable. */
  async hasEventsAfter(after: GlobalPosition | null): Promise<boolean> {
    return (await this.readAll(after, 1)).length > 0;
  }

  /**
   * The client never resubscribes by itself. A dropped subscription is reopened from END after a
   * backoff, and `listener` is called once then, since appends made meanwhile reached nobody.
   */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = RESUBSCRIBE_MIN_MS;

    const resubscribeLater = (): void => {
      if (stopped) return;
      timer = setTimeout(() => void subscribe(true), delay);
      delay = Math.min(delay * 2, RESUBSCRIBE_MAX_MS);
    };
    const subscribe = async (resubscribing: boolean): Promise<void> => {
      let subscription: AllStreamSubscription;
      try {
        subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      } catch (error) {
        logger.warn('EventStoreDB append subscription could not open', { error: (error as Error).message });
        return resubscribeLater();
      }
      current = subscription;
      let dropped = false;
      const drop = (error?: Error): void => {
        if (dropped || stopped) return;
        dropped = true;
        logger.warn('EventStoreDB append subscription dropped', { error: error?.message ?? 'ended' });
        resubscribeLater();
      };
      subscription
        .on('data', () => listener())
        .on('error', drop)
        .on('end', () => drop());
      // Resolving before the server confirms would let an append slip in ahead of the subscription.
      if ((await confirmed(subscription)) && !stopped) {
        delay = RESUBSCRIBE_MIN_MS;
        if (resubscribing) listener();
      }
    };

    await subscribe(false);
    const stop = async (): Promise<void> => {
      stopped = true;
      clearTimeout(timer);
      this.listenerStops.delete(stop);
      await current?.unsubscribe();
    };
    this.listenerStops.add(stop);
    return stop;
  }

  async close(): Promise<void> {
    await Promise.all([...this.listenerStops].map((stop) => stop()));
    await this.client.dispose();
  }
}

/** `<commit>/<prepare>`, both decimal: they are 64-bit and do not fit a JS number. */
export function encodeEsdbPosition({ commit, prepare }: Position): GlobalPosition {
  return `${commit}/${prepare}` as GlobalPosition;
}

export function decodeEsdbPosition(position: GlobalPosition | null): Position | null {
  if (position === null) return null;
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new Error(`Not an EventStoreDB position: ${position}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function isAtOrBefore(position: Position, floor: Position | null): boolean {
  if (floor === null) return false;
  return position.commit < floor.commit || (position.commit === floor.commit && position.prepare <= floor.prepare);
}

/** Stream ids starting with `$` are refused on append, so `$` streams and types are the server's. */
function isOurs(event: EsdbRecordedEvent): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

/** Older servers report a missing stream as revision -1. */
function toActualVersion(actual: bigint | 'no_stream'): ActualVersion {
  return typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream';
}

function versionMatches(expected: ExpectedVersion, actual: ActualVersion): boolean {
  if (expected === 'any') return true;
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return expected === actual;
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: withoutAdapterKeys(event.metadata),
    streamId: event.streamId,
    streamPosition: event.revision,
    globalPosition: encodeEsdbPosition(requirePosition(event)),
    recordedAt: event.created,
    hash: chainHashOf(event.metadata),
  };
}

function requirePosition(event: EsdbRecordedEvent): Position {
  if (event.position) return event.position;
  throw new Error(`EventStoreDB gave ${event.streamId}@${event.revision} no log position: version 22.6 or later is required`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function appendIdOf(metadata: unknown): unknown {
  return isRecord(metadata) ? metadata[APPEND_ID] : undefined;
}

function withoutAdapterKeys(metadata: unknown): EventMetadata {
  if (!isRecord(metadata)) return metadata as EventMetadata;
  const { [APPEND_ID]: _appendId, [CHAIN_HASH]: _hash, ...rest } = metadata;
  return rest as EventMetadata;
}

/** Empty for an event written without one (before the chain): verification reports it as a break. */
function chainHashOf(metadata: unknown): string {
  const hash = isRecord(metadata) ? metadata[CHAIN_HASH] : undefined;
  return typeof hash === 'string' ? hash : '';
}

/** True once the server confirms the subscription; false if it fails or stays silent. */
function confirmed(subscription: AllStreamSubscription): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CONFIRMATION_TIMEOUT_MS);
    const settle = (value: boolean) => () => {
      clearTimeout(timer);
      resolve(value);
    };
    subscription.once('confirmation', settle(true)).once('error', settle(false)).once('end', settle(false));
  });
}
