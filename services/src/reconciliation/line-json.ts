import type { AdminScope } from '../identity/admin-scope';
import type { StatementLineRow } from '@desk/projections/read-models/statement-lines/statement-lines.queries';

/** Whether the reader may see the order a line's outcome names. */
const ownsOrder = (reader: AdminScope, row: StatementLineRow) => reader.kind === 'all_brands' || row.outcome?.order_tenant_id === reader.tenantId;

/** A day as yyyy-mm-dd, whether the driver gave a Date or the text. */
export const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? null : String(value));

/**
 * A line as the reconciliation screens show it: what the bank wrote, what its narration says
 * (narration.ts), and what became of it: the order it pays (matched by reference or assigned, with
 * what to look at) or a mark for refund; both null while it waits in the unmatched queue.
 */
export const lineJson = (row: StatementLineRow, reader: AdminScope = { kind: 'all_brands' }) => ({
  key: row.key,
  statementId: row.statement_id,
  bookedOn: day(row.booked_on),
  valueOn: day(row.value_on),
  direction: row.direction,
  amount: row.amount,
  narration: row.narration,
  bankReference: row.bank_reference,
  balanceAfter: row.balance_after,
  reading: { channel: row.channel, reference: row.reference, payerName: row.payer_name, reversal: row.reversal },
  recordedAt: row.recorded_at,
  match:
    row.outcome?.kind === 'matched'
      ? {
          // An operator may assign a line to another brand's order: its brand's reader is not told which.
          orderId: ownsOrder(reader, row) ? row.outcome.order_id : null,
          refCode: ownsOrder(reader, row) ? row.outcome.order_ref_code : null,
          via: row.outcome.via,
          flags: row.outcome.flags,
          // The operator's note on another brand's order is the operator's (review 9, N5).
          note: ownsOrder(reader, row) ? row.outcome.note : null,
          matchedBy: ownsOrder(reader, row) ? row.outcome.decided_by : null,
          matchedAt: row.outcome.decided_at,
        }
      : null,
  refund: row.outcome?.kind === 'refund' ? { note: row.outcome.note, markedBy: row.outcome.decided_by, markedAt: row.outcome.decided_at } : null,
});
