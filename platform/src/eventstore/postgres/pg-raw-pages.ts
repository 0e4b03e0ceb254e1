import type pg from 'pg';
import type { ChainedEvent } from '../chain/verify-chain';
import type { PgPosition } from './pg-global-position';

/**
 * The log in pages for verify-store's checkers (decisions 0053, 0063): each reads the pages dealt
 * to it on a connection of its own, and the walk only learns where pages end.
 */

/** Rows after `after` in log order: through `through` when the walk knows where the page ends, else up to `limit` committed ones. */
export interface PgPageRange {
  after: PgPosition;
  through: PgPosition | null;
  limit: number;
}

/** A page's events as the chain sees them, and the position of its last one (null when empty). */
export interface RawPage {
  events: ChainedEvent[];
  last: PgPosition | null;
}

/**
 * One page's rows as arrays, only what the chain covers: data and metadata parsed by pg's jsonb
 * parser as the adapter's readAll parses them (JSON.parse, so the content hash is the same), the
 * stream position as text, as the adapter keeps it (a bigint does not fit a number), the hash as
 * hex, as RecordedEvent carries it. The columns are computed in the outer query, after the limit,
 * so only the page's rows are converted; its order names the table's columns (a bare name would
 * sort by a text copy, 1000 before 999). The same horizon as readAll: nothing at or after the
 * oldest open transaction, whose events could still commit before ours. A range that ends at a
 * position found by pageEnds ends at its last row; only an open range (the log's end) reads each
 * row's position as well, to say where it ended (two text columns a row fewer for every other
 * page, in the database and here). (One JSON text per page from json_agg was tried: the thread
 * parsed it a little faster, and the database spent twice its CPU per event, docs/performance.md.)
 */
const pageText = (
  positions: string,
  end: string,
) => `select ${positions}stream_id, event_id, event_type, data, metadata, stream_position::text, encode(hash, 'hex')
    from (select * from es_events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ${end}
      order by transaction_id, global_position
      limit $3) as page
    order by page.transaction_id, page.global_position`;

const READ_CLOSED_PAGE = {
  name: 'es_verify_read_closed_page',
  text: pageText('', 'and (transaction_id, global_position) <= ($4::xid8, $5::bigint)'),
  rowMode: 'array' as const,
};

const READ_OPEN_PAGE = {
  name: 'es_verify_read_open_page',
  text: pageText('transaction_id::text, global_position::text, ', ''),
  rowMode: 'array' as const,
};

type ChainColumns = [string, string, string, unknown, unknown, string, string];

const chainedEvent = ([streamId, eventId, type, data, metadata, streamPosition, hash]: ChainColumns): ChainedEvent => ({
  streamId,
  eventId,
  type,
  data,
  metadata,
  streamPosition: BigInt(streamPosition),
  hash,
});

export async function readRawPage(client: pg.ClientBase, { after, through, limit }: PgPageRange): Promise<RawPage> {
  if (through) {
    const { rows } = await client.query<ChainColumns>({
      ...READ_CLOSED_PAGE,
      values: [after.transactionId, after.globalPosition, limit, through.transactionId, through.globalPosition],
    });
    return { events: rows.map(chainedEvent), last: rows.length > 0 ? through : null };
  }
  const { rows } = await client.query<[string, string, ...ChainColumns]>({ ...READ_OPEN_PAGE, values: [after.transactionId, after.globalPosition, limit] });
  const events = rows.map(([, , ...columns]) => chainedEvent(columns));
  const lastRow = rows[rows.length - 1];
  return { events, last: lastRow ? { transactionId: lastRow[0], globalPosition: lastRow[1] } : null };
}

/**
 * Where the next pages of `size` events after `after` end, up to `count` of them: only the
 * positions, read from the log's index, so the main thread deals ranges without reading rows. A
 * range up to a position found here holds a fixed set of events: every one of them is older than
 * the oldest transaction still open, so none can appear or commit later.
 */
const PAGE_ENDS = {
  name: 'es_verify_page_ends',
  text: `select transaction_id::text as transaction_text, global_position::text as position_text
    from (select transaction_id, global_position, row_number() over (order by transaction_id, global_position) as n
      from es_events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (transaction_id, global_position) > ($1::xid8, $2::bigint)
      order by transaction_id, global_position
      limit $3) as ahead
    where n % $4 = 0
    order by n`,
};

export async function pageEnds(pool: pg.Pool, after: PgPosition, size: number, count: number): Promise<PgPosition[]> {
  const { rows } = await pool.query<{ transaction_text: string; position_text: string }>({
    ...PAGE_ENDS,
    values: [after.transactionId, after.globalPosition, size * count, size],
  });
  return rows.map((row) => ({ transactionId: row.transaction_text, globalPosition: row.position_text }));
}
