import type { ExpectedVersion, NewEvent } from '../event-store';
import { contentHash } from '../chain/event-hash';

/**
 * One append is one INSERT, one round trip. The stream's own primary key (stream_id,
 * stream_position) is the concurrency check: the events go in right after the position the caller
 * expects to be the stream's last.
 * - Not as expected: the start row is missing (the statement inserts nothing), or the positions
 *   are taken and the primary key refuses them.
 * - Moved by a racing append: the insert waits for the other transaction, then fails on the
 *   primary key. Never silently dropped: it is an error.
 * The same statement chains each event to its stream (chain/event-hash.ts): it reads the hash of
 * the event it follows, the row it checks anyway, and adds one sha256 per event.
 * One prepared statement per expected-version mode and shape, so each keeps its own plan.
 *
 * $1 stream id, $2..$6 ids, types, data, metadata, content hashes (scalars for one event: arrays
 * cost an escaped array literal to build and to parse), $7 exact revision.
 */
const GENESIS = `'\\x${'00'.repeat(32)}'::bytea`;

export type Mode = 'no_stream' | 'exact' | 'any' | 'stream_exists';
export const MODES: readonly Mode[] = ['no_stream', 'exact', 'any', 'stream_exists'];

export const modeOf = (expected: ExpectedVersion): Mode => (typeof expected === 'bigint' ? 'exact' : expected);

/**
 * Where each mode puts the first event and what it chains to: one row, or none when the stream is
 * not as expected. Streams are append-only, so an exact revision N holds exactly when position N
 * exists and N + 1 does not (the primary key refuses the latter); position 0 exists exactly when
 * the stream does. Each reads at most the stream's last row, through the primary key. `stream` and
 * `revision` are SQL expressions: parameters here, a group's row in pg-append-group-statement.ts.
 */
export function startOf(mode: Mode, stream: string, revision: string): string {
  switch (mode) {
    case 'no_stream':
      return `select 0::bigint as first, ${GENESIS} as previous`;
    case 'exact':
      return `select p.stream_position + 1 as first, p.hash as previous from es_events p
    where p.stream_id = ${stream} and p.stream_position = ${revision}`;
    case 'stream_exists':
      return `select p.stream_position + 1 as first, p.hash as previous from es_events p
    where p.stream_id = ${stream} order by p.stream_position desc limit 1`;
    case 'any':
      return `select coalesce(p.stream_position + 1, 0) as first, coalesce(p.hash, ${GENESIS}) as previous
    from (select 1) as one left join lateral (select stream_position, hash from es_events
      where stream_id = ${stream} order by stream_position desc limit 1) p on true`;
  }
}

const START = (mode: Mode) => startOf(mode, '$1', '$7::bigint');

const RETURNING = `returning stream_position::text as revision, transaction_id::text as transaction_text,
  global_position::text as last_global_position`;

function statementText(mode: Mode, many: boolean): string {
  if (!many) {
    return `insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata, hash)
      select $1, s.first, $2::uuid, $3::text, $4::jsonb, $5::jsonb, sha256(s.previous || int8send(s.first) || $6::bytea)
      from (${START(mode)}) as s
      ${RETURNING}`;
  }
  // Each event of a batch chains to the one before it: a recursive walk down the batch.
  return `with recursive batch as (
      select * from unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::bytea[]) with ordinality as b(id, type, data, meta, content, ord)
    ), start as (${START(mode)}),
    chain as (
      select b.ord, s.first as position, sha256(s.previous || int8send(s.first) || b.content) as hash
        from start s join batch b on b.ord = 1
      union all
      select b.ord, c.position + 1, sha256(c.hash || int8send(c.position + 1) || b.content)
        from chain c join batch b on b.ord = c.ord + 1
    )
    insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata, hash)
    select $1, c.position, b.id, b.type, b.data, b.meta, c.hash from chain c join batch b on b.ord = c.ord order by c.ord
    ${RETURNING}`;
}

const TEXTS = {
  one: Object.fromEntries(MODES.map((mode) => [mode, statementText(mode, false)])) as Record<Mode, string>,
  many: Object.fromEntries(MODES.map((mode) => [mode, statementText(mode, true)])) as Record<Mode, string>,
};

export interface AppendStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** One row per inserted event, in stream order; the last is the append's result. */
export interface AppendRow {
  revision: string;
  transaction_text: string;
  last_global_position: string;
}

/** True when a lost race should simply be tried again: the caller did not pin a revision. */
export function retriesOnRace(expected: ExpectedVersion): boolean {
  return expected === 'any' || expected === 'stream_exists';
}

export function appendStatement(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): AppendStatement {
  const mode = modeOf(expected);
  const shape = events.length === 1 ? 'one' : 'many';
  const column = <T>(pick: (e: NewEvent) => T): T | T[] => (shape === 'one' ? pick(events[0]!) : events.map(pick));
  const values: unknown[] = [
    streamId,
    column((e) => e.eventId),
    column((e) => e.type),
    column((e) => JSON.stringify(e.data ?? null)),
    column((e) => JSON.stringify(e.metadata)),
    column((e) => contentHash({ streamId, ...e })),
  ];
  if (mode === 'exact') values.push((expected as bigint).toString());
  return { name: `es_append_${mode}_${shape}`, text: TEXTS[shape][mode], values };
}
