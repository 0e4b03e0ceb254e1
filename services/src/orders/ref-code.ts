import { randomInt } from 'node:crypto';

// Crockford's alphabet: no I, L, O or U, so a code read out over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `ORD-` and 8 random characters: 2^40 codes, so a clash is not a practical concern. */
export function newRefCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `ORD-${code}`;
}
