import { sql } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { StatementLineRecorded } from '@desk/machines/reconciliation/bank-statement.events';
import { readNarration } from '@desk/machines/reconciliation/narration';
import { NO_WRITES, type Projection } from '../../runtime/projection';

/** The bank accounts' streams (`bankaccount-<id>`, statement-imports.ts). */
const ACCOUNT_STREAM = 'bankaccount-';
const isLine = (event: RecordedEvent) => event.type === 'StatementLineRecorded' && event.streamId.startsWith(ACCOUNT_STREAM);

/**
 * Statement lines (decision 0032): one row per line recorded, its narration read by today's rules
 * (a rebuild reads every line again when the rules learn a bank's layout). A line is recorded once
 * on its account (its key), so a replayed batch writes the same row again.
 */
export const statementLinesProjection: Projection = {
  name: 'statement-lines',
  tables: ['rm_statement_lines'],
  handles: isLine,
  async writes(_read, events) {
    const lines = events.filter(isLine).map((event) => {
      const { key, statementId, line } = (event as RecordedEvent & { data: StatementLineRecorded['data'] }).data;
      const reading = readNarration(line.narration, line.direction);
      return { event, key, statementId, line, reading };
    });
    if (lines.length === 0) return NO_WRITES;
    const col = <T>(pick: (row: (typeof lines)[number]) => T) => lines.map(pick);
    const upsert = sql`
      insert into rm_statement_lines (account_id, key, tenant_id, statement_id, booked_on, value_on, direction, amount, narration,
        bank_reference, balance_after, channel, reference, payer_name, reversal, position, recorded_at)
      select * from unnest(
        ${col((r) => r.event.streamId.slice(ACCOUNT_STREAM.length))}::uuid[], ${col((r) => r.key)}::text[],
        ${col((r) => r.event.metadata.tenantId)}::text[], ${col((r) => r.statementId)}::uuid[],
        ${col((r) => r.line.bookedOn)}::date[], ${col((r) => r.line.valueOn)}::date[], ${col((r) => r.line.direction)}::text[],
        ${col((r) => r.line.amount)}::numeric[], ${col((r) => r.line.narration)}::text[], ${col((r) => r.line.bankReference)}::text[],
        ${col((r) => r.line.balanceAfter)}::numeric[], ${col((r) => r.reading.channel)}::text[], ${col((r) => r.reading.reference)}::text[],
        ${col((r) => r.reading.payerName)}::text[], ${col((r) => r.reading.reversal)}::boolean[],
        ${col((r) => r.event.streamPosition.toString())}::bigint[], ${col((r) => r.event.recordedAt)}::timestamptz[])
      on conflict (account_id, key) do nothing`;
    return { writes: [{ name: 'statement_lines', table: 'rm_statement_lines', sql: upsert }] };
  },
};
