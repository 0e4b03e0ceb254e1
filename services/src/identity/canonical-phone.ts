import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { normalizePhone, PHONE_PATTERN } from '@desk/machines/identity/phone';

/** Where a number typed without a country code is taken to be: the desk's customers are in India. */
export const HOME_COUNTRY = 'IN';

/**
 * Which rules wrote the stored phones: a digest of libphonenumber's metadata. The library is pinned,
 * and an upgrade that changes the metadata makes the start-up fix (canonical-phones-fix.ts) look at
 * every account again, since a number's canonical form may have moved with it.
 */
export const PHONE_RULES_VERSION = createHash('sha256').update(JSON.stringify(metadata)).digest('hex').slice(0, 12);

/** The E.164 form of a number libphonenumber finds valid and that reads back as itself; otherwise null. */
function e164(plain: string): string | null {
  const parsed = parsePhoneNumberFromString(plain, HOME_COUNTRY);
  if (!parsed?.isValid()) return null;
  // A few numbers (national prefixes inside international ones, e.g. +55 90…) read back as another
  // number: keeping such a form would let two spellings land on two canonical forms, or one on two.
  const again = parsePhoneNumberFromString(parsed.number, HOME_COUNTRY);
  if (again?.number !== parsed.number || !again.isValid()) return null;
  // A valid number never loses digits below the pattern's ten; if one did, the typed form is kept.
  return PHONE_PATTERN.test(parsed.number) ? parsed.number : null;
}

/**
 * The one form a phone is stored, looked up and counted in, so that one handset is one account per
 * brand, one sign-in lock-out and one code counter however it is typed. A number libphonenumber
 * recognises as valid is written in E.164: `98765 43210`, `098765-43210`, `919876543210` and
 * `+91 98765 43210` are all `+919876543210`. Anything else the specification's pattern accepts is
 * kept as typed (spaces and dashes dropped): guessing at a number that is not valid could fold two
 * people's numbers into one. Such a number cannot sign up by code (`isDialable`). The canonical form
 * of a canonical phone is itself.
 *
 * Server-side only: the metadata would add a fifth to the web client's first load (docs/decisions/0024).
 */
export function canonicalPhone(typed: string): string {
  const plain = normalizePhone(typed);
  return e164(plain) ?? plain;
}

/**
 * Whether a code may be sent to the number: only a valid one. A number kept as typed could be
 * another spelling of a valid one (`+0091…`, `0919…`) that a gateway still delivers, a second account
 * for one handset; and codes sent to numbers that are not valid are what SMS-pumping fraud buys.
 */
export function isDialable(typed: string): boolean {
  return e164(normalizePhone(typed)) !== null;
}
