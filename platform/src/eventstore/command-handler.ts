import { randomUUID } from 'node:crypto';
import type { EventStore, GlobalPosition } from './event-store';
import type { EventMetadata } from './event-metadata';
import { WrongExpectedVersionError } from './event-store.errors';
import { streamPages } from './stream-pages';

/** An event as a decider sees it: its type and its data (the store adds ids, metadata and positions). */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** How an aggregate's state is folded from its events: pure, the same on every read. */
export interface Evolver<State, Event extends DomainEvent> {
  /** The state before the stream's first event. */
  initial(): State;
  /** One event applied. May throw when the event does not fit the state (a machine's refusal). */
  evolve(state: State, event: Event): State;
}

export interface Loaded<State> {
  state: State;
  /** Revision of the stream's last event; null when the stream does not exist. */
  revision: bigint | null;
}

export interface Handled<State, Event> extends Loaded<State> {
  /** The events recorded (none: nothing changed). */
  events: Event[];
  /** Where the last of them is in the log, for a reader that waits to see it; null when none was recorded. */
  position: GlobalPosition | null;
}

/** What to record for a command: pure, from the state it was decided against. Refuses by throwing. */
export type Decide<State, Event> = (state: State) => Event[] | Promise<Event[]>;

/** Metadata of the events, or a function of the state they were decided against (e.g. to stamp its tenant). */
export type MetadataFor<State> = EventMetadata | ((state: State) => EventMetadata);

const MAX_ATTEMPTS = 4;

/**
 * The one way a command is carried out on any aggregate: load the stream and fold it, decide what
 * to record (pure), append those events at the revision they were decided against, and when
 * another command got there first (a lost race), load again and decide again, a few times. Of two
 * admins approving and rejecting one order at once, exactly one wins; the other is decided against
 * the state the winner left.
 */
export class CommandHandler {
  constructor(private readonly store: EventStore) {}

  async load<State, Event extends DomainEvent>(evolver: Evolver<State, Event>, streamId: string): Promise<Loaded<State>> {
    const { state, revision } = await this.read(evolver, streamId);
    return { state, revision };
  }

  /**
   * The stream folded, and the idempotency ids its events were appended under. Read in pages, each a
   * statement of its own (stream-pages.ts): a long stream (a bank account's lines) is never one
   * statement longer than the request path's bound.
   */
  private async read<State, Event extends DomainEvent>(evolver: Evolver<State, Event>, streamId: string) {
    let state = evolver.initial();
    let revision: bigint | null = null;
    const requests = new Set<string>();
    for await (const page of streamPages(this.store, streamId)) {
      for (const e of page) {
        state = evolver.evolve(state, { type: e.type, data: e.data } as Event);
        if (e.metadata.idempotencyId) requests.add(e.metadata.idempotencyId);
        revision = e.streamPosition;
      }
    }
    return { state, revision, requests };
  }

  /**
   * Starts a new stream (a fresh id): nothing to load, so the append's `no_stream` expectation is
   * the whole check, and the decision is made against the initial state.
   */
  async start<State, Event extends DomainEvent>(
    evolver: Evolver<State, Event>,
    streamId: string,
    events: Event[],
    metadata: EventMetadata,
  ): Promise<Handled<State, Event>> {
    const state = events.reduce((s, e) => evolver.evolve(s, e), evolver.initial());
    const result = await this.store.append(
      streamId,
      events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata })),
      { expected: 'no_stream' },
    );
    return { state, revision: result.nextExpectedVersion, events, position: result.lastPosition };
  }

  /**
   * `atRevision`: decide only against the stream at exactly this revision (null: no stream yet),
   * never again after a lost race: WrongExpectedVersionError when it has moved. For a change that
   * another person confirmed as it was then (decision 0030), where deciding again on a newer state
   * would apply something nobody looked at.
   */
  async handle<State, Event extends DomainEvent>(
    evolver: Evolver<State, Event>,
    streamId: string,
    decide: Decide<State, Event>,
    metadata: MetadataFor<State>,
    options: { atRevision?: bigint | null } = {},
  ): Promise<Handled<State, Event>> {
    const pinned = options.atRevision !== undefined;
    for (let attempt = 1; ; attempt++) {
      const { state, revision, requests } = await this.read(evolver, streamId);
      const meta = typeof metadata === 'function' ? metadata(state) : metadata;
      // This request already acted here: its first run appended, then its process died before the
      // answer was kept, and the client's retry runs it again (idempotency.ts). Nothing more to record.
      // So a request sends at most one command per stream under its idempotencyId: a second command
      // on a stream it already wrote (a consequence, like a change lapsing after its confirm) goes
      // without it, or it would be taken for the first and dropped.
      if (meta.idempotencyId !== undefined && requests.has(meta.idempotencyId)) return { state, revision, events: [], position: null };
      if (pinned && revision !== options.atRevision) {
        throw new WrongExpectedVersionError(streamId, options.atRevision ?? 'no_stream', revision ?? 'no_stream');
      }
      const events = await decide(state);
      if (events.length === 0) return { state, revision, events, position: null };
      // The state after is computed before anything is written: an event the state refuses is never stored.
      const after = events.reduce((s, e) => evolver.evolve(s, e), state);
      try {
        const result = await this.store.append(
          streamId,
          events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: meta })),
          { expected: revision === null ? 'no_stream' : revision },
        );
        // Appended at the revision it was decided against, so the state after is exactly this.
        return { state: after, revision: result.nextExpectedVersion, events, position: result.lastPosition };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS && !pinned) continue;
        throw error;
      }
    }
  }
}
