import { sql, type Kysely } from 'kysely';
import { chainHash, contentHash } from '../../chain/event-hash';
import type { EventMetadata } from '../../event-metadata';
import { logger } from '../../../logging/logger';

const PAGE = 5_000;

interface Row {
  stream_id: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * Every event carries `hash`, chained to the previous event of its stream (chain/event-hash.ts).
 * Events stored before the chain existed are chained now, in stream order, so the whole store
 * verifies; from here on the append statement writes the hash with the event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table es_events add column hash bytea`.execute(db);
  let after: { stream: string; position: string } | null = null;
  let head: { stream: string; hash: Buffer } | null = null;
  let done = 0;
  for (;;) {
    const page: { rows: Row[] } = await sql<Row>`
      select stream_id, stream_position::text, event_id, event_type, data, metadata from es_events
      where ${after ? sql`(stream_id, stream_position) > (${after.stream}, ${after.position}::bigint)` : sql`true`}
      order by stream_id, stream_position limit ${PAGE}`.execute(db);
    if (page.rows.length === 0) break;
    const hashes = page.rows.map((row) => {
      const previous = head?.stream === row.stream_id ? head.hash : null;
      const hash = chainHash(
        previous,
        BigInt(row.stream_position),
        contentHash({ streamId: row.stream_id, eventId: row.event_id, type: row.event_type, data: row.data, metadata: row.metadata }),
      );
      head = { stream: row.stream_id, hash };
      return hash;
    });
    await sql`
      update es_events e set hash = h.hash
      from unnest(${page.rows.map((r) => r.stream_id)}::text[], ${page.rows.map((r) => r.stream_position)}::bigint[], ${hashes}::bytea[]) as h(stream_id, stream_position, hash)
      where e.stream_id = h.stream_id and e.stream_position = h.stream_position`.execute(db);
    done += page.rows.length;
    const last = page.rows[page.rows.length - 1]!;
    after = { stream: last.stream_id, position: last.stream_position };
    if (done % (PAGE * 20) === 0) logger.info('chaining stored events', { done });
  }
  await sql`alter table es_events alter column hash set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table es_events drop column hash`.execute(db);
}
