import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventStore, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { STREAM_PAGE, streamPages } from '@desk/platform/eventstore/stream-pages';
import { AuditExportWriter } from '@desk/platform/eventstore/chain/audit-export-writer';
import type { WithheldField } from '@desk/platform/eventstore/chain/audit-export-format';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { streamsRecordedBetween } from '@desk/projections/read-models/event-log/event-log.queries';
import type { ServicesDatabase } from '../db/services-database';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import { hiddenStreamsFor } from './operator-streams';
import { orderIdsOf } from './order-references';
import { eventActors, hiddenFrom, seenBy, staffIdsIn } from '../identity/event-actors';
import { orderStream } from '../orders/order-store';
import type { SigningKey } from './signing-key';

/** The most events one export may hold: beyond it, narrow the window or split the orders. */
export const MAX_EXPORT_EVENTS = 100_000;

/** Orders by id or by reference (`ORD-…`), or a time window. */
export type ExportRequest = { orderIds: string[] } | { from: string; to: string; tenantId?: string | undefined };

interface Range {
  streamId: string;
  /** Positions as decimal strings (64-bit). */
  first: string;
  last: string;
}

export interface ExportRecord {
  id: string;
  createdBy: string;
  createdAt: Date;
  request: ExportRequest;
  ranges: Range[];
  eventCount: number;
  streamCount: number;
}

/**
 * Audit exports: the stream ranges are chosen when compliance asks (and kept), the file is written
 * when the link is opened, from the event store itself (never a read model), so a large export
 * streams and the file holds exactly the events counted when it was asked for.
 */
export class AuditExports {
  constructor(
    private readonly store: EventStore,
    private readonly db: Kysely<ServicesDatabase>,
    private readonly readModels: Kysely<ReadModelDatabase>,
    private readonly key: SigningKey,
    /** Events read per statement (stream-pages.ts): a range may hold 100,000. */
    private readonly pageSize: number = STREAM_PAGE,
  ) {}

  async create(asked: ExportRequest, scope: AdminScope, createdBy: string): Promise<ExportRecord> {
    // Orders named by their references are recorded (and exported) by their ids.
    const request = 'orderIds' in asked ? { orderIds: await orderIdsOf(this.readModels, asked.orderIds, scope) } : asked;
    const ranges = 'orderIds' in request ? await this.orderRanges(request.orderIds, scope) : await this.windowRanges(request, scope);
    const eventCount = ranges.reduce((n, r) => n + Number(BigInt(r.last) - BigInt(r.first) + 1n), 0);
    if (eventCount === 0) throw ValidationError.of('from', 'No events were recorded in that window.');
    if (eventCount > MAX_EXPORT_EVENTS)
      throw ValidationError.of('from', `That is ${eventCount} events; one export holds at most ${MAX_EXPORT_EVENTS}. Narrow the window.`);
    const record = { id: randomUUID(), createdBy, createdAt: new Date(), request, ranges, eventCount, streamCount: ranges.length };
    await this.db
      .insertInto('compliance_exports')
      .values({
        id: record.id,
        created_by: createdBy,
        created_at: record.createdAt,
        request: JSON.stringify(request),
        ranges: JSON.stringify(ranges),
        event_count: eventCount,
        stream_count: ranges.length,
      })
      .execute();
    return record;
  }

  async find(id: string): Promise<ExportRecord | null> {
    const row = await this.db.selectFrom('compliance_exports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      createdBy: row.created_by,
      createdAt: row.created_at,
      request: row.request as ExportRequest,
      ranges: row.ranges as Range[],
      eventCount: row.event_count,
      streamCount: row.stream_count,
    };
  }

  /**
   * The file, line by line: header, each range's events (with the hash the first chains to), the
   * signed manifest. Read by a brand's officer (`reader`), it withholds what they may not see, as
   * the replay and the event log do: another brand's events on a stream brands share (an address's
   * lock-outs) entirely, and who the operator's staff are and where they acted from on the brand's
   * own (their metadata). The chain still links through each withheld event's content digest.
   */
  async *lines(record: ExportRecord, createdByRole: string, reader: AdminScope): AsyncGenerator<string> {
    const writer = new AuditExportWriter({
      exportId: record.id,
      createdAt: record.createdAt.toISOString(),
      createdBy: { id: record.createdBy, role: createdByRole },
      scope: record.request,
    });
    yield writer.start();
    for (const range of record.ranges) {
      const [first, last] = [BigInt(range.first), BigInt(range.last)];
      let before: string | null = null;
      // A page a statement: a range of 100,000 events read at once came within about twice the
      // request path's statement bound (review 18), with its actors looked up in one statement too.
      const pages = streamPages(this.store, range.streamId, { from: first > 0n ? first - 1n : 0n, through: last, pageSize: this.pageSize });
      for await (const events of pages) {
        const withheld = await this.withheldFrom(reader, events);
        for (const [i, event] of events.entries()) {
          if (event.streamPosition < first) {
            before = event.hash;
            continue;
          }
          yield writer.event(event, before, withheld[i]);
        }
      }
    }
    yield writer.finish(this.key);
  }

  /** For each event, the fields `reader` may not see (none for the operator's officers). */
  private async withheldFrom(reader: AdminScope, events: readonly RecordedEvent[]): Promise<WithheldField[][]> {
    if (reader.kind === 'all_brands') return events.map(() => []);
    const metadataOf = (event: RecordedEvent) => event.metadata as Partial<EventMetadata>;
    const actors = await eventActors(
      this.db,
      events.flatMap((event) => [metadataOf(event).actor?.id ?? '', ...staffIdsIn(event.data)]),
    );
    const hidden = hiddenFrom(reader, actors);
    return events.map((event): WithheldField[] => {
      // An event names its brand in its data where a stream holds several brands' (an address's
      // lock-outs); the metadata's tenant is the actor's, which is the operator's for its staff.
      const brand = (event.data as { tenantId?: unknown } | null)?.tenantId;
      if (typeof brand === 'string' && !coversTenant(reader, brand)) return ['data', 'metadata'];
      // Who acted: a person as everywhere (seenBy); a system actor by the tenant it acted for.
      const metadata = metadataOf(event);
      const person = actors.get(metadata.actor?.id ?? '');
      const shown = person ? seenBy(reader, person) : metadata.tenantId === undefined || coversTenant(reader, metadata.tenantId);
      // Data that names the operator's staff (who asked, approved or declined) is withheld as their
      // metadata is: the screens show them as the Operator (security review, issue 27).
      const namesHidden = staffIdsIn(event.data).some(hidden);
      return [...(namesHidden ? (['data'] as const) : []), ...(shown ? [] : (['metadata'] as const))];
    });
  }

  /** Each order's whole stream as it stands now; an order outside the scope is not found. */
  private async orderRanges(orderIds: string[], scope: AdminScope): Promise<Range[]> {
    const ranges: Range[] = [];
    for (const orderId of [...new Set(orderIds.map((id) => id.toLowerCase()))]) {
      const events: RecordedEvent[] = await this.store.readStream(orderStream(orderId));
      const tenantId = (events[0]?.data as { tenantId?: string } | undefined)?.tenantId;
      if (!tenantId || !coversTenant(scope, tenantId)) throw new NotFoundError(`Order ${orderId} not found`);
      ranges.push({ streamId: orderStream(orderId), first: '0', last: events[events.length - 1]!.streamPosition.toString() });
    }
    return ranges;
  }

  /** The stream ranges recorded in the window, of the scope's brands, as the event log knows them. */
  private async windowRanges(request: { from: string; to: string; tenantId?: string | undefined }, scope: AdminScope): Promise<Range[]> {
    const tenantId = request.tenantId ?? (scope.kind === 'brand' ? scope.tenantId : null);
    const to = new Date(Math.min(Date.parse(request.to), Date.now()));
    const streams = await streamsRecordedBetween(this.readModels, { from: new Date(request.from), to, tenantId, hiddenStreams: hiddenStreamsFor(scope) });
    return streams.map((s) => ({ streamId: s.streamId, first: s.first.toString(), last: s.last.toString() }));
  }
}
