import { sql } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { StatementLineMarkedForRefund, StatementLineRecorded } from '@desk/machines/reconciliation/bank-statement.events';
import type { PaymentMatched } from '@desk/machines/order/order.events';
import { isOrderEvent } from '../order-batches';
import { readNarration } from '@desk/machines/reconciliation/narration';
import { lineReferenceKeys } from '@desk/machines/reconciliation/line-references';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';

/** The bank accounts' streams (`bankaccount-<id>`, statement-imports.ts). */
const ACCOUNT_STREAM = 'bankaccount-';
const isLine = (event: RecordedEvent) => event.type === 'StatementLineRecorded' && event.streamId.startsWith(ACCOUNT_STREAM);
const isRefund = (event: RecordedEvent) => event.type === 'StatementLineMarkedForRefund' && event.streamId.startsWith(ACCOUNT_STREAM);
const isMatch = (event: RecordedEvent) => event.type === 'PaymentMatched' && isOrderEvent(event);

/**
 * Statement lines (decision 0032): one row per line recorded, its narration read by today's rules
 * (a rebuild reads every line again when the rules learn a bank's layout), and what became of it
 * (the order it paid, from the order's PaymentMatched; a mark for refund, from the account's
 * stream). A line and its outcome are recorded once (the line's key, the services' line claim),
 * so a replayed batch writes the same rows again.
 */
export const statementLinesProjection: Projection = {
  name: 'statement-lines',
  tables: ['rm_statement_lines', 'rm_statement_line_outcomes'],
  handles: (event) => isLine(event) || isRefund(event) || isMatch(event),
  async writes(_read, events) {
    const writes = [...lineWrites(events), ...outcomeWrites(events)];
    return writes.length === 0 ? NO_WRITES : { writes };
  },
};

function lineWrites(events: readonly RecordedEvent[]): BatchWrite[] {
  const lines = events.filter(isLine).map((event) => {
    const { key, statementId, line } = (event as RecordedEvent & { data: StatementLineRecorded['data'] }).data;
    const reading = readNarration(line.narration, line.direction);
    return { event, key, statementId, line, reading, keys: lineReferenceKeys(line, reading) };
  });
  if (lines.length === 0) return [];
  const col = <T>(pick: (row: (typeof lines)[number]) => T) => lines.map(pick);
  const upsert = sql`
      insert into rm_statement_lines (account_id, key, tenant_id, statement_id, booked_on, value_on, direction, amount, narration,
        bank_reference, balance_after, channel, reference, payer_name, reversal, position, recorded_at, reference_keys)
      select account_id, key, tenant_id, statement_id, booked_on, value_on, direction, amount, narration, bank_reference, balance_after,
        channel, reference, payer_name, reversal, position, recorded_at, array(select jsonb_array_elements_text(keys))
      from unnest(
        ${col((r) => r.event.streamId.slice(ACCOUNT_STREAM.length))}::uuid[], ${col((r) => r.key)}::text[],
        ${col((r) => r.event.metadata.tenantId)}::text[], ${col((r) => r.statementId)}::uuid[],
        ${col((r) => r.line.bookedOn)}::date[], ${col((r) => r.line.valueOn)}::date[], ${col((r) => r.line.direction)}::text[],
        ${col((r) => r.line.amount)}::numeric[], ${col((r) => r.line.narration)}::text[], ${col((r) => r.line.bankReference)}::text[],
        ${col((r) => r.line.balanceAfter)}::numeric[], ${col((r) => r.reading.channel)}::text[], ${col((r) => r.reading.reference)}::text[],
        ${col((r) => r.reading.payerName)}::text[], ${col((r) => r.reading.reversal)}::boolean[],
        ${col((r) => r.event.streamPosition.toString())}::bigint[], ${col((r) => r.event.recordedAt)}::timestamptz[],
        ${col((r) => JSON.stringify(r.keys))}::jsonb[]
      ) as l(account_id, key, tenant_id, statement_id, booked_on, value_on, direction, amount, narration, bank_reference, balance_after,
        channel, reference, payer_name, reversal, position, recorded_at, keys)
      on conflict (account_id, key) do nothing`;
  return [{ name: 'statement_lines', table: 'rm_statement_lines', sql: upsert }];
}

interface Outcome {
  accountId: string;
  key: string;
  kind: 'matched' | 'refund';
  orderId: string | null;
  orderTenantId: string | null;
  via: string | null;
  flags: string[];
  note: string | null;
  by: string | null;
  at: string;
}

function outcomeOf(event: RecordedEvent): Outcome | null {
  if (isMatch(event)) {
    const match = event.data as PaymentMatched['data'];
    const orderId = event.streamId.slice('order-'.length);
    const { accountId, lineKey: key, via, flags, note, matchedBy: by, matchedAt: at } = match;
    return { accountId, key, kind: 'matched', orderId, orderTenantId: event.metadata.tenantId, via, flags, note, by, at };
  }
  if (isRefund(event)) {
    const refund = event.data as StatementLineMarkedForRefund['data'];
    const accountId = event.streamId.slice(ACCOUNT_STREAM.length);
    return {
      accountId,
      key: refund.key,
      kind: 'refund',
      orderId: null,
      orderTenantId: null,
      via: null,
      flags: [],
      note: refund.note,
      by: refund.markedBy,
      at: refund.markedAt,
    };
  }
  return null;
}

function outcomeWrites(events: readonly RecordedEvent[]): BatchWrite[] {
  const outcomes = events.map(outcomeOf).filter((outcome) => outcome !== null);
  if (outcomes.length === 0) return [];
  const col = <T>(pick: (row: Outcome) => T) => outcomes.map(pick);
  // Flags as one JSON text per row: unnest cannot take an array of arrays of differing lengths.
  const insert = sql`
    insert into rm_statement_line_outcomes (account_id, key, kind, order_id, order_tenant_id, via, flags, note, decided_by, decided_at)
    select account_id, key, kind, order_id, order_tenant_id, via, array(select jsonb_array_elements_text(flags)), note, decided_by, decided_at
    from unnest(
      ${col((o) => o.accountId)}::uuid[], ${col((o) => o.key)}::text[], ${col((o) => o.kind)}::text[], ${col((o) => o.orderId)}::uuid[],
      ${col((o) => o.orderTenantId)}::text[], ${col((o) => o.via)}::text[], ${col((o) => JSON.stringify(o.flags))}::jsonb[],
      ${col((o) => o.note)}::text[], ${col((o) => o.by)}::text[], ${col((o) => o.at)}::timestamptz[]
    ) as o(account_id, key, kind, order_id, order_tenant_id, via, flags, note, decided_by, decided_at)
    on conflict (account_id, key) do nothing`;
  return [{ name: 'statement_line_outcomes', table: 'rm_statement_line_outcomes', sql: insert }];
}
