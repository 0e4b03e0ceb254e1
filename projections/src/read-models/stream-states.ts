import type { Kysely, RawBuilder } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import { NO_WRITES, type Projection } from '../runtime/projection';

/** A read model that keeps one row per stream of a kind: its id (the stream id past the prefix) and its folded state. */
export interface StreamStateTable<State, Event> {
  readonly table: 'rm_desk_changes' | 'rm_tenants';
  readonly streamPrefix: string;
  /** The machine's evolve: the state after one more event (null before the stream's creation, and after an event that makes none). */
  readonly evolve: (state: State | null, event: Event) => State | null;
}

/**
 * Folds a batch's events of one stream kind on from the states its table stored: one read of the
 * streams it continues, then each event through the machine's evolve. Answers each stream's state
 * after the batch; a stream still without one (its first event here was not its creation) is left
 * out, so it gets no row.
 */
export async function foldStreamStates<State, Event extends { type: string }>(
  read: Kysely<ReadModelDatabase>,
  { table, streamPrefix, evolve }: StreamStateTable<State, Event>,
  events: readonly RecordedEvent[],
): Promise<{ id: string; state: State }[]> {
  const mine = events.filter((event) => event.streamId.startsWith(streamPrefix));
  if (mine.length === 0) return [];
  const ids = [...new Set(mine.map((e) => e.streamId.slice(streamPrefix.length)))];
  const stored = await read.selectFrom(table).select(['id', 'state']).where('id', 'in', ids).execute();
  const states = new Map<string, State | null>(stored.map((r) => [r.id, r.state as State]));
  for (const event of mine) {
    const id = event.streamId.slice(streamPrefix.length);
    states.set(id, evolve(states.get(id) ?? null, { type: event.type, data: event.data } as unknown as Event));
  }
  return [...states].flatMap(([id, state]) => (state ? [{ id, state }] : []));
}

/**
 * A projection that keeps one row per stream of a kind (foldStreamStates), written by one upsert of
 * the batch's folded states (`upsert`, given at least one), named after its table without `rm_`.
 */
export function streamStateProjection<State, Event extends { type: string }>(
  name: string,
  from: StreamStateTable<State, Event>,
  upsert: (rows: readonly { id: string; state: State }[]) => RawBuilder<unknown>,
): Projection {
  return {
    name,
    tables: [from.table],
    handles: (event) => event.streamId.startsWith(from.streamPrefix),
    async writes(read, events) {
      const rows = await foldStreamStates(read, from, events);
      if (rows.length === 0) return NO_WRITES;
      return { writes: [{ name: from.table.replace(/^rm_/, ''), table: from.table, sql: upsert(rows) }] };
    },
  };
}
