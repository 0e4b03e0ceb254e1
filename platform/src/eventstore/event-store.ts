/**
 * The event store port. The order service and the projection runtime only ever talk to this
 * interface; PostgreSQL and EventStoreDB are adapters behind it and pass one contract suite.
 */
import type { Backlog, BacklogOptions } from './backlog';
import type { EventMetadata } from './event-metadata';

/** How the caller expects the stream to look before the append. A mismatch is WrongExpectedVersionError. */
export type ExpectedVersion =
  | 'any'
  | 'no_stream'
  | 'stream_exists'
  /** exact revision: the 0-based position of the stream's last event */
  | bigint;

/**
 * An adapter-encoded position in the global log, opaque to everyone but the adapter that made it.
 * PostgreSQL: `<transaction_id>/<global_position>`; EventStoreDB: `<commit>/<prepare>`.
 * Stored as text in projection checkpoints so either adapter can feed the same read models.
 */
export type GlobalPosition = string & { readonly __brand: 'GlobalPosition' };

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Client-generated uuid: appending the same id twice stores it once, so retried commands are safe. */
  eventId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position in its stream. */
  streamPosition: bigint;
  /** Position in the global log; strictly increasing in readAll order. */
  globalPosition: GlobalPosition;
  recordedAt: Date;
  /** Hex sha-256 chaining this event to the one before it in its stream (chain/event-hash.ts). */
  hash: string;
}

export interface AppendResult {
  /** The stream's revision after the append (position of its last event): the next exact expected version. */
  nextExpectedVersion: bigint;
  /** Global position of the last event written (or already present, for an idempotent retry). */
  lastPosition: GlobalPosition;
  /** True when every event id was already stored: nothing new was written. */
  alreadyStored: boolean;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export type { Backlog, BacklogOptions } from './backlog';

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: readonly NewEvent[], options: { expected: ExpectedVersion }): Promise<AppendResult>;
  /** Events of one stream in order; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events after `after` (null: from the start), in global order. Never returns an
   * event whose position is at or before one it returned earlier, and never skips one that commits later.
   */
  readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]>;
  backlog(after: GlobalPosition | null, options?: BacklogOptions): Promise<Backlog>;
  /** Whether any committed event follows `after`, readable yet or not: a cheap "caught up?" check. */
  hasEventsAfter(after: GlobalPosition | null): Promise<boolean>;
  /** Calls `listener` soon after new events may be readable (a hint, not a delivery guarantee). */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
