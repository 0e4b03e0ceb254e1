import type { StatementLineRow } from '@desk/projections/read-models/statement-lines/statement-lines.queries';

/** A day as yyyy-mm-dd, whether the driver gave a Date or the text. */
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? null : String(value));

/**
 * A line as the reconciliation screens show it: what the bank wrote, what its narration says
 * (narration.ts), and what became of it: the order it pays (matched by reference or assigned, with
 * what to look at) or a mark for refund; both null while it waits in the unmatched queue.
 */
export const lineJson = (row: StatementLineRow) => ({
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
          orderId: row.outcome.order_id,
          refCode: row.outcome.order_ref_code,
          via: row.outcome.via,
          flags: row.outcome.flags,
          note: row.outcome.note,
          matchedBy: row.outcome.decided_by,
          matchedAt: row.outcome.decided_at,
        }
      : null,
  refund: row.outcome?.kind === 'refund' ? { note: row.outcome.note, markedBy: row.outcome.decided_by, markedAt: row.outcome.decided_at } : null,
});
