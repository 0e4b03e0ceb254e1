import type pg from 'pg';
import type { ChainedEvent } from '../chain/verify-chain';
import type { PgPosition } from './pg-global-position';

/**
 * The log in pages for verify-store's threads (decision 0053): each thread reads its own pages on a
 * connection of its own, and the main thread only learns where pages end.
 */

/** Rows after `after` in log order: through `through` when the main thread knows where the page ends, else up to `limit` committed ones. */
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

/** The highest position there is: an open range's end, where only the snapshot's horizon bounds it. */
const END: PgPosition = { transactionId: '18446744073709551615', globalPosition: '9223372036854775807' };

/**
 * One page's rows as arrays, only what the chain covers: data and metadata parsed by pg's jsonb
 * parser as the adapter's readAll parses them (JSON.parse, so the content hash is the same), the
 * positions and the stream position as text, as the adapter keeps them (xid8 and bigint do not fit
 * a number), the hash as hex, as RecordedEvent carries it. The columns are computed in the outer
 * query, after the limit, so only the page's rows are converted; its order names the table's
 * columns (a bare name would sort by the text copy, 1000 before 999). The same horizon as readAll:
 * nothing at or after the oldest open transaction, whose events could still commit before ours.
 * (One JSON text per page from json_agg was tried: the thread parsed it a little faster, and the
 * database spent twice its CPU per event, docs/performance.md.)
 */
const READ_RAW_PAGE = {
  name: 'es_verify_read_raw_page',
  text: `select transaction_id::text, global_position::text, stream_id, event_id, event_type, data, metadata,
      stream_position::text, encode(hash, 'hex')
    from (select * from es_events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (transaction_id, global_position) > ($1::xid8, $2::bigint)
        and (transaction_id, global_position) <= ($3::xid8, $4::bigint)
      order by transaction_id, global_position
      limit $5) as page
    order by page.transaction_id, page.global_position`,
  rowMode: 'array' as const,
};

type RawRow = [string, string, string, string, string, unknown, unknown, string, string];

export async function readRawPage(client: pg.ClientBase, { after, through, limit }: PgPageRange): Promise<RawPage> {
  const end = through ?? END;
  const { rows } = await client.query<RawRow>({
    ...READ_RAW_PAGE,
    values: [after.transactionId, after.globalPosition, end.transactionId, end.globalPosition, limit],
  });
  const events = rows.map(([, , streamId, eventId, type, data, metadata, streamPosition, hash]): ChainedEvent => ({
    streamId,
    eventId,
    type,
    data,
    metadata,
    streamPosition: BigInt(streamPosition),
    hash,
  }));
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
