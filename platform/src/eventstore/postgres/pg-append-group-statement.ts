import type { ExpectedVersion, NewEvent } from '../event-store';
import { contentHash } from '../chain/event-hash';
import { MODES, modeOf, startOf, type AppendRow } from './pg-append-statement';

/** One caller's append inside a group (pg-append-group.ts). Each names a different stream. */
export interface GroupedAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: ExpectedVersion;
}

/** A row of the grouped insert: AppendRow plus the stream it belongs to. */
export interface GroupedAppendRow extends AppendRow {
  stream_id: string;
}

/**
 * Several appends to different streams in one INSERT, so one commit (one WAL flush) serves them all.
 * Each append finds its start exactly as the single statement does (pg-append-statement.ts), by
 * its own mode:
 * - not as expected: its start row is missing and it inserts nothing; the others go in. The caller
 *   sees no row for that stream and reports the conflict.
 * - a racing writer elsewhere took its positions, or an event id is taken: the primary or unique key
 *   refuses and the whole statement rolls back. Nothing is kept, so the caller can send each append
 *   alone and get each its own answer. Never ON CONFLICT DO NOTHING: that would drop the loser silently.
 * Rows go in ordered by stream id, so two processes' groups take their key locks in the same order
 * and cannot deadlock.
 *
 * The group travels as one JSON parameter, a row per event: measured faster than one array per
 * column, whose literals escape every event's JSON a second time, on both sides.
 */
const ROW_TYPE = `n int, k int, stream_id text, mode text, revision bigint, id uuid, type text, data jsonb, meta jsonb, content text`;

/**
 * Where an append starts and what it chains to: the single statement's rule for its mode (only that
 * branch runs: the others are cut by their one-time filter); `a` is its first event's row.
 */
const START = MODES.map((mode) => `select * from (${startOf(mode, 'a.stream_id', 'a.revision')}) as start_${mode} where a.mode = '${mode}'`).join(
  '\n    union all\n    ',
);

const INSERT = `insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata, hash)`;
const RETURNING = `returning stream_id, stream_position::text as revision, transaction_id::text as transaction_text,
  global_position::text as last_global_position`;
// A JSON null in the group reads as SQL null; the single statement stores the JSON null itself.
const DATA = (alias: string) => `coalesce(${alias}.data, 'null'::jsonb)`;

/** Every append has one event: nothing to chain inside an append. */
const ONE_EACH = `${INSERT}
  select a.stream_id, s.first, a.id, a.type, ${DATA('a')}, a.meta, sha256(s.previous || int8send(s.first) || decode(a.content, 'hex'))
  from jsonb_to_recordset($1::jsonb) as a(${ROW_TYPE})
  cross join lateral (${START}) s
  order by a.stream_id
  ${RETURNING}`;

/** Some append has several events: each chains to the one before it, a recursive walk as in the single statement. */
const SEVERAL = `with recursive batch as (
    select * from jsonb_to_recordset($1::jsonb) as b(${ROW_TYPE})
  ), start as (
    select a.n, a.stream_id, s.first, s.previous from batch a cross join lateral (${START}) s where a.k = 1
  ), chain as (
    select s.n, b.k, s.stream_id, s.first as position, sha256(s.previous || int8send(s.first) || decode(b.content, 'hex')) as hash
      from start s join batch b on b.n = s.n and b.k = 1
    union all
    select c.n, b.k, c.stream_id, c.position + 1, sha256(c.hash || int8send(c.position + 1) || decode(b.content, 'hex'))
      from chain c join batch b on b.n = c.n and b.k = c.k + 1
  )
  ${INSERT}
  select c.stream_id, c.position, b.id, b.type, ${DATA('b')}, b.meta, c.hash
    from chain c join batch b on b.n = c.n and b.k = c.k
    order by c.stream_id, c.position
  ${RETURNING}`;

export function groupedAppendStatement(appends: readonly GroupedAppend[]): { name: string; text: string; values: unknown[] } {
  const rows = appends.flatMap(({ streamId, events, expected }, index) =>
    events.map((event, place) => ({
      n: index + 1,
      k: place + 1,
      stream_id: streamId,
      mode: modeOf(expected),
      // A string: JSON numbers lose bigints past 2^53.
      revision: typeof expected === 'bigint' ? expected.toString() : null,
      id: event.eventId,
      type: event.type,
      data: event.data ?? null,
      meta: event.metadata,
      content: contentHash({ streamId, ...event }).toString('hex'),
    })),
  );
  const oneEach = rows.length === appends.length;
  return {
    name: oneEach ? 'es_append_group_one_each' : 'es_append_group_several',
    text: oneEach ? ONE_EACH : SEVERAL,
    values: [JSON.stringify(rows)],
  };
}
