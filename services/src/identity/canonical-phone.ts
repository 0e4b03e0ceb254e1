import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normalizePhone, PHONE_PATTERN } from '@desk/machines/identity/phone';

/** Where a number typed without a country code is taken to be: the desk's customers are in India. */
export const HOME_COUNTRY = 'IN';

/**
 * The one form a phone is stored, looked up and counted in, so that one handset is one account per
 * brand, one sign-in lock-out and one code counter however it is typed. A number libphonenumber
 * recognises as valid is written in E.164: `98765 43210`, `098765-43210`, `919876543210` and
 * `+91 98765 43210` are all `+919876543210`. Anything else the specification's pattern accepts is
 * kept as typed (spaces and dashes dropped): guessing at a number that is not valid could fold two
 * people's numbers into one. The canonical form of a canonical phone is itself.
 *
 * Server-side only: the metadata would add a fifth to the web client's first load (docs/decisions/0024).
 */
export function canonicalPhone(typed: string): string {
  const plain = normalizePhone(typed);
  const parsed = parsePhoneNumberFromString(plain, HOME_COUNTRY);
  if (!parsed?.isValid()) return plain;
  // A valid number never loses digits below the pattern's ten; if one did, the typed form is kept.
  return PHONE_PATTERN.test(parsed.number) ? parsed.number : plain;
}
