/**
 * Whether the payment reference a customer typed is the statement line's (issue 28). A yes here
 * can verify an order, so each rule below forgives only a difference that cannot make two
 * different payments look alike; anything else is "not the same", and the line waits for an admin.
 *
 * 1. Case, spaces and the separators people type inside a reference ("hdfc n5 2026…", "4123-4567-8901")
 *    are ignored: no UTR or RRN contains them.
 * 2. A label typed in front ("UTR:", "RRN ", "UPI Ref No.", "IMPS-") is ignored when what follows
 *    it is a whole reference by itself (twelve digits, or a UTR's letters and digits): the labels are
 *    not bank codes, so dropping them cannot join two references.
 * 3. Leading zeros a bank pads a twelve-digit RRN with ("0000412345678901" in a Chq./Ref. No.
 *    column) are ignored: padding adds no digits.
 * 4. Twelve digits typed for a NEFT/RTGS UTR are the same payment only when they are every digit
 *    of it, the bank's letters left off (N123261234567, SBIN123456789012): the digits are then the
 *    bank's whole sequence, as unique as an RRN. The last twelve digits of a 22-character UTR
 *    (HDFCN52026112712345678) are not: they drop the sending bank and the year and keep only the
 *    day and a per-bank, per-day sequence, which another bank's payment on the same day can share.
 * 5. Anything shorter than twelve characters is never the same: no UTR or RRN is that short, and
 *    a short string matches too much.
 */
import { rrnOf, utrOf } from './narration-fields';

const LABEL = /^(?:UPI|IMPS|NEFT|RTGS|UTR|RRN|REF|TXN|TRANSACTION)(?:REF|RRN|UTR|ID|NO|NUMBER|REFERENCE)*/;

/** Upper case, without spaces and the separators people type inside a reference. */
const compact = (typed: string): string => typed.toUpperCase().replace(/[\s./:#_-]+/g, '');

/** The reference itself: compacted, and without a label in front when the rest is a reference on its own. */
function bare(typed: string): string {
  const text = compact(typed);
  const unlabelled = text.replace(LABEL, '');
  return unlabelled !== text && (rrnOf(unlabelled) !== null || utrOf(unlabelled) !== null) ? unlabelled : text;
}

/** One side's extra leading characters, when the two are otherwise the same digits and those extra characters are only zeros. */
function onlyZeroPadded(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return /^\d{12,}$/.test(shorter) && /^\d+$/.test(longer) && longer.endsWith(shorter) && /^0*$/.test(longer.slice(0, longer.length - shorter.length));
}

/** Twelve digits that are all the digits of a NEFT/RTGS UTR, the bank's letters left off. */
function utrWithoutLetters(typed: string, utr: string): boolean {
  if (rrnOf(typed) === null || utrOf(utr) === null) return false;
  const digits = /^[A-Z]+(\d+)$/.exec(utr)?.[1];
  return digits === typed;
}

export function sameReference(customerTyped: string, fromStatement: string): boolean {
  const typed = bare(customerTyped);
  const statement = bare(fromStatement);
  if (typed.length < 12 || statement.length < 12) return false;
  return typed === statement || onlyZeroPadded(typed, statement) || utrWithoutLetters(typed, statement);
}

/** A key for looking references up: the bare reference, an all-digit one without its padding zeros. */
const keyOf = (bareReference: string): string => (/^\d+$/.test(bareReference) ? bareReference.replace(/^0+/, '') : bareReference);

/**
 * The keys under which a reference is filed for look-up, so that `sameReference` is only ever asked
 * of references that share one: every pair it calls the same shares a key (the padding zeros go,
 * and a NEFT/RTGS UTR is filed under its digits as well, for the customer who typed only those).
 * References shorter than twelve characters get none: they never match.
 */
export function referenceKeys(reference: string): string[] {
  const compacted = bare(reference);
  if (compacted.length < 12) return [];
  const keys = [keyOf(compacted)];
  const digits = utrOf(compacted) !== null ? /^[A-Z]+(\d{12})$/.exec(compacted)?.[1] : undefined;
  if (digits !== undefined && !keys.includes(digits)) keys.push(digits);
  return keys;
}
