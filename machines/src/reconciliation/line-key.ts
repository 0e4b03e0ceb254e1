/**
 * Which of a statement's lines the desk already holds. A bank account's statements overlap (a
 * statement for the month, then one for the week; one downloaded at noon, then the whole day), and
 * importing the same or an overlapping statement again must add nothing (issue 28). Lines carry no
 * id every bank gives, so a line is known by what it says: the day it was booked, its direction, its
 * amount, its narration and the bank's reference, and, among lines that say all the same (two equal
 * UPI payments with the same narration on one day), by its place among them in the statement: the
 * second such line of a day is the second one in every statement that covers that day. A statement
 * cut mid-day holds the first lines of that day in the bank's order, so a later, whole one adds only
 * the lines after them.
 *
 * The key is the same whatever file the line came from only when the bank writes the same narration
 * and reference in each: import one format per account (docs/reconciliation.md).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { StatementLine } from './statement';

/** What identifies a line, before its place among equal lines: spaces collapsed, case ignored. */
function lineIdentity(line: StatementLine): string {
  const text = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
  return JSON.stringify([line.bookedOn, line.direction, line.amount, text(line.narration), text(line.bankReference)]);
}

/** Each line's key on its account (64 hex characters), in the statement's order. */
export function lineKeys(accountId: string, lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const identity = lineIdentity(line);
    const place = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, place);
    return bytesToHex(sha256(utf8ToBytes(JSON.stringify([accountId, identity, place]))));
  });
}
