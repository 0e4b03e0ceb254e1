/**
 * The payment references a statement line carries, for matching it to orders (payment-match.ts):
 * the UTR or RRN its narration gives (narration.ts) and the bank's own reference column, which
 * some banks fill with the UTR ("Chq./Ref.No."). A cheque number there is too short to match anything.
 */
import type { NarrationReading } from './narration';
import { referenceKeys } from './reference-match';
import type { StatementLine } from './statement';

export function lineReferences(line: Pick<StatementLine, 'bankReference'>, reading: Pick<NarrationReading, 'reference'>): string[] {
  return [...new Set([reading.reference, line.bankReference].filter((reference): reference is string => !!reference && reference.trim() !== ''))];
}

/** The look-up keys of those references (reference-match.ts `referenceKeys`). */
export function lineReferenceKeys(line: Pick<StatementLine, 'bankReference'>, reading: Pick<NarrationReading, 'reference'>): string[] {
  return [...new Set(lineReferences(line, reading).flatMap(referenceKeys))];
}
