import type { ExpectedVersion, NewEvent } from '../event-store';

/**
 * One append is one INSERT, one round trip. The stream's own primary key (stream_id,
 * stream_position) is the concurrency check: the events go in right after the position the caller
 * expects to be the stream's last.
 * - Not as expected: the WHERE filters every row out (the statement inserts nothing), or the
 *   positions are taken and the primary key refuses them.
 * - Moved by a racing append: the insert waits for the other transaction, then fails on the
 *   primary key. Never silently dropped: it is an error.
 * One prepared statement per expected-version mode and shape, so each keeps its own plan.
 *
 * $1 stream id, $2..$5 ids, types, data, metadata (scalars for one event: jsonb arrays cost an
 * escaped array literal to build and to parse), $6 exact revision.
 */
const CURRENT = `(select max(stream_position) as last from es_events where stream_id = $1) as current`;

type Mode = 'no_stream' | 'exact' | 'any' | 'stream_exists';

/**
 * Where each mode puts the first event, and what must hold. Streams are append-only, so position 0
 * exists exactly when the stream does, and an exact revision N holds exactly when position N exists
 * and N + 1 does not (the primary key refuses the latter). Only 'any' and 'stream_exists' read the
 * stream's last position.
 */
const PLACEMENT: Record<Mode, { from: string; first: string; where: string }> = {
  no_stream: { from: '', first: '0', where: 'true' },
  exact: {
    from: '',
    first: '$6::bigint + 1',
    where: 'exists (select 1 from es_events where stream_id = $1 and stream_position = $6::bigint)',
  },
  stream_exists: { from: CURRENT, first: 'current.last + 1', where: 'current.last is not null' },
  any: { from: CURRENT, first: 'coalesce(current.last, -1) + 1', where: 'true' },
};

function statementText(mode: Mode, many: boolean): string {
  const { from, first, where } = PLACEMENT[mode];
  const rows = many
    ? `select $1, ${first} + batch.ord - 1, batch.id, batch.type, batch.data, batch.meta
       from ${from ? `${from}, ` : ''}unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as batch(id, type, data, meta, ord)
       where ${where} order by batch.ord`
    : `select $1, ${first}, $2::uuid, $3::text, $4::jsonb, $5::jsonb ${from ? `from ${from}` : ''} where ${where}`;
  return `insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata)
    ${rows}
    returning stream_position::text as revision, transaction_id::text as transaction_text,
      global_position::text as last_global_position`;
}

const MODES = Object.keys(PLACEMENT) as Mode[];
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
  const mode: Mode = typeof expected === 'bigint' ? 'exact' : expected;
  const shape = events.length === 1 ? 'one' : 'many';
  const column = <T>(pick: (e: NewEvent) => T): T | T[] => (shape === 'one' ? pick(events[0]!) : events.map(pick));
  const values: unknown[] = [
    streamId,
    column((e) => e.eventId),
    column((e) => e.type),
    column((e) => JSON.stringify(e.data ?? null)),
    column((e) => JSON.stringify(e.metadata)),
  ];
  if (mode === 'exact') values.push((expected as bigint).toString());
  return { name: `es_append_${mode}_${shape}`, text: TEXTS[shape][mode], values };
}
