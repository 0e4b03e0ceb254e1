/**
 * What one field of a bank narration is, told by its shape (issue 28): a UPI/IMPS RRN, a NEFT/RTGS
 * UTR, an IFSC, a bank, a VPA, or a person's or firm's name. `narration.ts` decides which field to
 * ask about from the layout the bank uses; these helpers only answer "is this field one of those".
 */

/** A UPI or IMPS retrieval reference number: exactly twelve digits (NPCI). A line split over two rows may leave a space inside. */
export function rrnOf(field: string | undefined): string | null {
  const digits = (field ?? '').replace(/\s+/g, '');
  return /^\d{12}$/.test(digits) ? digits : null;
}

/**
 * A NEFT or RTGS UTR. RBI's 22-character form is the sender's bank code, the channel and a
 * digit, then yyyymmdd and an eight-digit sequence (HDFCN52026112712345678, SBINR52026112700012345);
 * the older 16-character form is the bank code, a letter or two and ten or eleven digits
 * (AXISCN1389928147); some banks print their own short form, a letter or two and the rest digits
 * (N123261234567). Digits alone are never a UTR here: an account number is digits alone. A masked
 * account (XXXX1234…) and an IFSC (11 characters) do not fit either shape.
 */
export function utrOf(field: string | undefined): string | null {
  const text = (field ?? '').replace(/\s+/g, '').toUpperCase();
  if (text.startsWith('X')) return null;
  if (/^[A-Z]{4}[A-Z0-9]{1,2}\d{10,16}$/.test(text) && text.length >= 16 && text.length <= 22) return text;
  if (/^[A-Z]{1,2}\d{11,16}$/.test(text)) return text;
  return null;
}

/** An IFSC (four letters, a zero, six characters), or one cut short by the bank ("SBIN0003"). */
export const isIfsc = (field: string): boolean => /^[A-Z]{4}0[A-Z0-9]{0,6}$/i.test(field.trim());

/** A masked account number as banks print them: XXXXXXXX1234, X9365. */
export const isMaskedAccount = (field: string): boolean => /^X+\d+$/i.test(field.trim());

export const isVpa = (field: string): boolean => field.includes('@');

/** The first four letters of the IFSCs of banks and payment banks that narrations name in a field of their own. */
const BANK_CODES = new Set(
  (
    'HDFC SBIN ICIC UTIB KKBK YESB BARB PUNB CNRB UBIN IDIB IOBA BKID MAHB CBIN UCBA PSIB INDB FDRL IDFB RATN AUBL ESFB ' +
    'UJVN PYTM AIRP FINO JIOP KVBL CIUB TMBL SIBL KARB DCBL DBSS HSBC SCBL CITI DLXB JAKA BDBL IBKL CSBK NSPB SVCB COSB ' +
    'APGB KSCB SRCB ABHY BACB SURY UTKS NESF'
  ).split(' '),
);

/** Banks and apps by the names narrations print for them, and the short names people use. */
const BANK_AND_APP_WORDS = new Set(
  (
    'HDFC|SBI|ICICI|AXIS|KOTAK|YES|PNB|BOB|CANARA|UNION|IDBI|IDFC|INDUSIND|FEDERAL|BANDHAN|PAYTM|PHONEPE|PHONE PE|GPAY|GOOGLE PAY|' +
    'GOOGLEPAY|BHIM|AMAZON PAY|CRED|MOBIKWIK|AIRTEL|JIO|FREECHARGE|STATE BANK OF INDIA|BANK OF BARODA|BANK OF INDIA|PH|PHO|PHON'
  ).split('|'),
);

/** Words that fill a field where a name might be and are not one: channel words, markers, default remarks. */
const NOT_NAMES = new Set(
  (
    'UPI|IMPS|NEFT|RTGS|MMT|P2A|P2M|P2P|P2V|CR|DR|REV|RVSL|NA|N A|NULL|NIL|NONE|PAYMENT|PAY|PAID|TRANSFER|FUND TRANSFER|FUNDS TRANSFER|' +
    'REVERSAL|REFUND|RETURN|COLLECT|COLLECT REQUEST|PAY REQUEST|PAY REQ|SENT|SENT USING|SENT FROM|RECEIVED|SELF|TEST|OK|INWARD|OUTWARD|' +
    'CREDIT|DEBIT|MOBILE BANKING|NET BANKING|NETBANKING|INB|REMITTANCE|NO REMARKS|REMARKS|TRF|TFR|BY|TO|FROM'
  ).split('|'),
);

/** A field that names a bank (HDFC, HDFC BANK LTD, State Bank Of India) or an app (PhonePe), not a person. */
export function isBankOrApp(field: string): boolean {
  const words = field.toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  return BANK_CODES.has(words) || BANK_AND_APP_WORDS.has(words) || /\bBANK\b/.test(words);
}

/** A four-letter bank code standing alone in a field (HDFC, KKBK). */
export const isBankCode = (field: string): boolean => BANK_CODES.has(field.trim().toUpperCase());

/** Lead-ins a payer's app or bank puts before the name ("Payment from Ravi"); removed, the rest may be the name. */
const LEAD_INS = /^(?:PAYMENT FROM|PAYMENT BY|PAID BY|SENT BY|RECEIVED FROM|RECD FROM|FROM)\s+/i;

/**
 * The name in one field, cleaned and in title case, or null when the field holds no name that
 * can be told from other words: a VPA, an IFSC, a bank or an app, a channel word, a default
 * remark, anything with digits (a reference, a masked account, a merchant's terminal), or fewer
 * than three letters (a name cut down to "Ph" says nothing).
 */
export function nameIn(field: string | undefined): string | null {
  const words = (field ?? '')
    .split(/\s+/)
    .filter((word) => word !== '' && !isVpa(word) && !isIfsc(word) && !isMaskedAccount(word))
    .join(' ')
    .replace(LEAD_INS, '')
    .replace(/^[\s.,&'-]+|[\s,&'-]+$/g, '');
  if (words === '' || /\d/.test(words) || !/^[A-Za-z][A-Za-z .&'-]*$/.test(words)) return null;
  if ((words.match(/[A-Za-z]/g) ?? []).length < 3) return null;
  const upper = words.toUpperCase().replace(/\s+/g, ' ');
  if (NOT_NAMES.has(upper) || isBankOrApp(upper)) return null;
  return titleCase(upper);
}

/** A name only where the field leads in to one ("Payment from Ravi"): for a field that is otherwise the payer's own remark. */
export const nameAfterLeadIn = (field: string | undefined): string | null => (LEAD_INS.test(field ?? '') ? nameIn(field) : null);

/** "RAVI KUMAR" → "Ravi Kumar"; "O'BRIEN R.K." → "O'Brien R.K.". */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[\s'.-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}
