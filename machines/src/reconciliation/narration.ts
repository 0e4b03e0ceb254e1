/**
 * What a statement line's narration says of the payment (issue 28): its channel, its UTR or RRN,
 * the other party's name (the payer of a credit, the payee of a debit) and whether it is a
 * reversal. Indian banks print the same facts in their own layouts:
 *
 *   UPI/CR/412345678901/RAVI KUMAR/HDFC/ravi@okhdfcbank/PAYMENT        SBI, BoB, Canara, IDBI (after "BY TRANSFER-")
 *   UPI/P2A/412345678901/RAVI KUMAR/HDFC BANK/…                        Axis
 *   UPI/412345678901/Payment from Ravi/ravi@okhdfcbank/HDFC BANK LTD/  ICICI: the third field is the payer's remark
 *   UPI/RAVI KUMAR/HDFC/412345678901/Sent using Paytm                  Kotak
 *   UPI-RAVI KUMAR-RAVI@OKICICI-ICIC0001234-412345678901-PAYMENT        HDFC
 *   MMT/IMPS/412345678901/REMARK/RAVI KUMAR/HDFC                       ICICI
 *   IMPS/P2A/412345678901/RAVI KUMAR/HDFC/…, IMPS-412345678901-RAVI KUMAR-HDFC-XXXX1234-…
 *   NEFT CR-SBIN0001234-RAVI KUMAR-REMARK-SBINN52026112712345678       HDFC; other banks put the fields in another order
 *
 * A reference is read only from the field the layout puts it in, and only when it has the
 * reference's shape (twelve digits for UPI and IMPS; a UTR's letters and digits for NEFT and
 * RTGS, of which there must be exactly one). Any other twelve digits (an account number, a remark)
 * are never taken: a wrong reference could verify the wrong order, a missing one only leaves the
 * line for an admin. A layout not listed here gives the channel and nothing else.
 */
import { isBankCode, isBankOrApp, isIfsc, isMaskedAccount, isVpa, nameAfterLeadIn, nameIn, rrnOf, utrOf } from './narration-fields';

export type PaymentChannel = 'UPI' | 'IMPS' | 'NEFT' | 'RTGS' | 'CASH' | 'CHEQUE';
type Direction = 'credit' | 'debit';

export interface NarrationReading {
  channel: PaymentChannel | null;
  /** The UTR (NEFT, RTGS) or RRN (UPI, IMPS), upper case, no spaces; null when the narration's layout does not carry one. */
  reference: string | null;
  /** The other party's name in title case, when the bank prints it in a field of its own; null when it cannot be told. */
  payerName: string | null;
  /** The bank giving money back (a reversal or return), or a line whose narration declares the opposite direction. */
  reversal: boolean;
}

interface Fields {
  reference: string | null;
  payerName: string | null;
}

const NOTHING: Fields = { reference: null, payerName: null };

/** Bank wrappers in front of the payment's own narration: what they declare of the direction, or that it is a reversal. */
const WRAPPERS: { pattern: RegExp; declares?: Direction; reversal?: true }[] = [
  { pattern: /^BY[ -]?TRANSFER[- :]*/i, declares: 'credit' },
  { pattern: /^TO[ -]?TRANSFER[- :]*/i, declares: 'debit' },
  { pattern: /^DEP[ -]?TFR[- ]*/i, declares: 'credit' },
  { pattern: /^WDL[ -]?TFR[- ]*/i, declares: 'debit' },
  { pattern: /^RECD:?(?=(?:UPI|IMPS|NEFT|RTGS)\b)/i, declares: 'credit' },
  { pattern: /^(?:REV|RVSL|REVERSAL|RET|RETURN)[-/: ]+(?=(?:UPI|IMPS|NEFT|RTGS|MMT)\b)/i, reversal: true },
];

/** The channel word a layout starts with; "UPIAR" and the like are Union Bank's UPI. */
const HEAD = /^(?:MMT\/|INF\/)?(UPI[A-Z]{0,4}|IMPS|NEFT|RTGS)(?=[^A-Z]|$)/i;
/** A reversal or return marked right after the channel word: UPI/REV/…, UPI-REV-…, UPIRET/…, NEFT RETURN-… */
const MARKED_REVERSAL = /^(?:MMT\/|INF\/)?(?:UPI(?:REV|RET|RVSL)|(?:UPI[A-Z]{0,4}|IMPS|NEFT|RTGS)[ /-](?:REV|RVSL|RET|RETURN|REVERSAL)(?=[ /*-]|$))/i;
/** A direction the narration itself declares after the channel: UPI/CR/…, NEFT DR-…, Union Bank's UPIAR/<rrn>/DR/… */
const MARKED_DIRECTION = /^(?:UPI[A-Z]{0,4}|IMPS|NEFT|RTGS)(?:\/\d{12})?[ /-](CR|DR)(?=[ /-])/i;
/** Outside the layouts above, the first channel word anywhere names the channel (and nothing else is read). */
const ANYWHERE = /(?:^|[^A-Z0-9])(UPI|IMPS|NEFT|RTGS|CASH|CDM|ATW|NWD|EAW|CHQ|CHEQUE|CLG|CLEARING|CTS|MICR)(?=[^A-Z0-9]|$)/i;
const CHANNEL_OF_WORD: Record<string, PaymentChannel> = {
  UPI: 'UPI',
  IMPS: 'IMPS',
  NEFT: 'NEFT',
  RTGS: 'RTGS',
  CASH: 'CASH',
  CDM: 'CASH',
  ATW: 'CASH',
  NWD: 'CASH',
  EAW: 'CASH',
  CHQ: 'CHEQUE',
  CHEQUE: 'CHEQUE',
  CLG: 'CHEQUE',
  CLEARING: 'CHEQUE',
  CTS: 'CHEQUE',
  MICR: 'CHEQUE',
};

/** A field that says what kind of transfer it is rather than who or which one. */
const MARKER = /^(?:CR|DR|REV|RVSL|RET|P2A|P2M|P2P|P2V|P2B)$/i;

export function readNarration(narration: string, direction: Direction): NarrationReading {
  let core = narration
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ ?([/*:-]) ?/g, '$1');
  const declared: Direction[] = [];
  let reversal = false;
  for (let wrapped = true; wrapped;) {
    wrapped = false;
    for (const wrapper of WRAPPERS) {
      const stripped = core.replace(wrapper.pattern, '');
      if (stripped === core) continue;
      core = stripped;
      wrapped = true;
      if (wrapper.declares) declared.push(wrapper.declares);
      if (wrapper.reversal) reversal = true;
    }
  }
  const marked = MARKED_DIRECTION.exec(core)?.[1]?.toUpperCase();
  if (marked) declared.push(marked === 'CR' ? 'credit' : 'debit');
  // A line that moves money the other way from what its narration says is the bank undoing that payment.
  reversal = reversal || MARKED_REVERSAL.test(core) || declared.some((declares) => declares !== direction);

  const head = HEAD.exec(core)?.[1]?.toUpperCase();
  if (head === undefined) {
    const word = ANYWHERE.exec(core)?.[1]?.toUpperCase();
    return { channel: word ? (CHANNEL_OF_WORD[word] ?? null) : null, ...NOTHING, reversal };
  }
  const channel: PaymentChannel = head.startsWith('UPI') ? 'UPI' : (CHANNEL_OF_WORD[head] ?? 'UPI');
  const fields = channel === 'UPI' ? readUpi(core) : channel === 'IMPS' ? readImps(core) : readNeftOrRtgs(core);
  return { channel, ...fields, reversal };
}

function readUpi(core: string): Fields {
  const hdfc = /^UPI-([^-]*)-[\w.-]+@[\w.]*-[A-Z]{4}[A-Z0-9]{7}-(\d{12})(?=-|$)/i.exec(core);
  if (hdfc) return { reference: hdfc[2] ?? null, payerName: nameIn(hdfc[1]) };
  const referenceFirst = /^UPI-(\d{12})-([^-]*)/i.exec(core);
  if (referenceFirst) return { reference: referenceFirst[1] ?? null, payerName: nameIn(referenceFirst[2]) };
  if (!/^UPI[A-Z]{0,4}\//i.test(core)) return NOTHING;

  const [, first, second, third] = core.split('/');
  // SBI/BoB/Canara UPI/CR/<rrn>/<name>/…, Axis UPI/P2A/<rrn>/<name>/…, reversals UPI/REV/<rrn>/…
  if (MARKER.test(first ?? '') && rrnOf(second)) return { reference: rrnOf(second), payerName: nameIn(third) };
  // Union Bank UPIAR/<rrn>/DR/<name>/…
  if (rrnOf(first) && /^(?:CR|DR)$/i.test(second ?? '')) return { reference: rrnOf(first), payerName: nameIn(third) };
  // ICICI UPI/<rrn>/<remark>/<vpa>/<bank>/…: the remark is whatever the payer typed, a name only after "Payment from".
  if (rrnOf(first)) return { reference: rrnOf(first), payerName: nameAfterLeadIn(second) };
  // Kotak UPI/<name>/<bank code>/<rrn>/<remark> and UPI/<name>/<rrn>/<remark>
  const kotakReference = rrnOf(second) ?? (isBankCode(second ?? '') ? rrnOf(third) : null);
  if (kotakReference && nameIn(first)) return { reference: kotakReference, payerName: nameIn(first) };
  return NOTHING;
}

function readImps(core: string): Fields {
  const hdfc = /^IMPS-(\d{12})-([^-]*)/i.exec(core);
  if (hdfc) return { reference: hdfc[1] ?? null, payerName: nameIn(hdfc[2]) };
  const fields = core.split('/');
  // ICICI MMT/IMPS/<rrn>/<remark>/<name>/<bank>
  if (fields[0]?.toUpperCase() === 'MMT') return rrnOf(fields[2]) ? { reference: rrnOf(fields[2]), payerName: nameIn(fields[4]) } : NOTHING;
  const [, first, second, third] = fields;
  // IMPS/P2A/<rrn>/<name>/<bank>/…
  if (MARKER.test(first ?? '') && rrnOf(second)) return { reference: rrnOf(second), payerName: nameIn(third) };
  // Kotak (after "Recd:") IMPS/<rrn>/<name>/<bank code>/…: without the bank code after it, the field may be a remark.
  if (rrnOf(first)) return { reference: rrnOf(first), payerName: isBankCode(third ?? '') ? nameIn(second) : null };
  return NOTHING;
}

/** Words in a NEFT or RTGS narration's fields that are part of its machinery, not the party. */
const TRANSFER_WORDS = /^(?:CR|DR|IN|OUT|INWARD|OUTWARD|RETURN|RET|REV|UTR|UTR NO|REF|REF NO)$/i;

/**
 * NEFT and RTGS fields come in a different order at each bank (the UTR first, last or after the
 * IFSC), but each field has a shape of its own: the UTR is the one field shaped like a UTR, and
 * the party is the first field that is none of the machinery (a UTR, an IFSC, a bank, a masked
 * account, a VPA). What follows the party is the remitter's remark, so it is never taken instead.
 */
function readNeftOrRtgs(core: string): Fields {
  const fields = core.split(/[-/*:]/);
  const start = fields.findIndex((field) => /^(?:NEFT|RTGS)\b/i.test(field));
  const rest = fields.slice(start + 1).map((field) => field.trim());
  const utrs = [...new Set(rest.map(utrOf).filter((utr): utr is string => utr !== null))];
  const machinery = (field: string) =>
    field === '' || TRANSFER_WORDS.test(field) || utrOf(field) !== null || isIfsc(field) || isBankOrApp(field) || isMaskedAccount(field) || isVpa(field);
  const party = rest.find((field) => !machinery(field));
  return { reference: utrs.length === 1 ? (utrs[0] ?? null) : null, payerName: nameIn(party) };
}
