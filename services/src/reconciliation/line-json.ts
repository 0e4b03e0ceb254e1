import { z } from 'zod';
import type { AdminScope } from '../identity/admin-scope';
import type { StatementLineRow } from '@desk/projections/read-models/statement-lines/statement-lines.queries';

/** Whether the reader may see the order a line's outcome names. */
const ownsOrder = (reader: AdminScope, row: StatementLineRow) => reader.kind === 'all_brands' || row.outcome?.order_tenant_id === reader.tenantId;

/** A day as yyyy-mm-dd, whether the driver gave a Date or the text. */
export const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? null : String(value));

const decimal = (what: string) => z.string().describe(`${what}, a decimal string`);
const yyyyMmDd = z.string().describe('A day, yyyy-mm-dd');

/** A statement line as the API answers it (lineJson). */
export const lineJsonSchema = z.object({
  key: z.string().describe("The line's key on its account: how a decision names it"),
  statementId: z.string(),
  bookedOn: yyyyMmDd,
  valueOn: yyyyMmDd.nullable(),
  direction: z.enum(['credit', 'debit']),
  amount: decimal('INR'),
  narration: z.string().describe('What the bank wrote'),
  bankReference: z.string().nullable(),
  balanceAfter: decimal('The balance after the line, as the statement gives it').nullable(),
  reading: z
    .object({ channel: z.string().nullable(), reference: z.string().nullable(), payerName: z.string().nullable(), reversal: z.boolean() })
    .describe('What the narration says: the channel, the UTR or RRN, the other party, whether it reverses an earlier line'),
  recordedAt: z.iso.datetime(),
  match: z
    .object({
      orderId: z.string().nullable().describe("Null to a brand's reader when the order is another brand's"),
      refCode: z.string().nullable(),
      via: z.enum(['reference', 'assigned']).nullable(),
      flags: z.array(z.string()).describe('What a person should look at; empty for an exact match'),
      note: z.string().nullable(),
      matchedBy: z.string().nullable().describe('The admin who assigned it; null for a match by reference or when they stay unnamed'),
      matchedAt: z.iso.datetime(),
    })
    .nullable()
    .describe('The order the line pays; null while it waits or once marked for refund'),
  refund: z
    .object({ note: z.string().nullable(), markedBy: z.string().nullable(), markedAt: z.iso.datetime() })
    .nullable()
    .describe('The mark for refund, with why'),
});

/**
 * A line as the reconciliation screens show it: what the bank wrote, what its narration says
 * (narration.ts), and what became of it: the order it pays (matched by reference or assigned, with
 * what to look at) or a mark for refund; both null while it waits in the unmatched queue.
 */
export const lineJson = (row: StatementLineRow, reader: AdminScope = { kind: 'all_brands' }): z.infer<typeof lineJsonSchema> => ({
  key: row.key,
  statementId: row.statement_id,
  bookedOn: day(row.booked_on)!,
  valueOn: day(row.value_on),
  direction: row.direction,
  amount: row.amount,
  narration: row.narration,
  bankReference: row.bank_reference,
  balanceAfter: row.balance_after,
  reading: { channel: row.channel, reference: row.reference, payerName: row.payer_name, reversal: row.reversal },
  recordedAt: row.recorded_at.toISOString(),
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
          matchedAt: row.outcome.decided_at.toISOString(),
        }
      : null,
  refund: row.outcome?.kind === 'refund' ? { note: row.outcome.note, markedBy: row.outcome.decided_by, markedAt: row.outcome.decided_at.toISOString() } : null,
});
