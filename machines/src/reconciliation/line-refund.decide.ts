/**
 * Marking a statement line for refund (the unmatched queue, decision 0032): a credit the desk holds
 * that pays no order goes back to its sender. Only a credit on this account, once, with a note that
 * says why. Whether the line already pays an order is the claim's to say (the services' line
 * claims), before this is decided. Pure.
 */
import { Refusal } from '../shared/refusal';
import type { BankStatementState } from './bank-statement.decide';
import type { StatementLineMarkedForRefund } from './bank-statement.events';

export interface MarkLineForRefund {
  key: string;
  direction: 'credit' | 'debit';
  note: string;
  by: string;
  at: string;
}

export const LINE_NOT_HELD = "This line is not on this account's statements";
export const ONLY_CREDITS_REFUND = 'Only money received can be marked for refund';
export const REFUND_NOTE_REQUIRED = 'Say why this money goes back (the admin who pays the refund reads it)';

export function decideLineRefund(state: BankStatementState, command: MarkLineForRefund): StatementLineMarkedForRefund[] {
  if (!state.keys.has(command.key)) throw Refusal.notFound(LINE_NOT_HELD);
  if (command.direction !== 'credit') throw Refusal.invalid('key', ONLY_CREDITS_REFUND);
  const note = command.note.trim();
  if (note === '') throw Refusal.invalid('note', REFUND_NOTE_REQUIRED);
  if (state.refunds.has(command.key)) return [];
  return [{ type: 'StatementLineMarkedForRefund', data: { key: command.key, note: note.slice(0, 500), markedBy: command.by, markedAt: command.at } }];
}
