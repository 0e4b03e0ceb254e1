import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';

// Crockford's alphabet: no I, L, O or U, so a code read out over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;
const MAX_TRIES = 5;

/**
 * `ORD-` and 10 random characters: 2^50 codes. With 100 million orders on the desk a new code
 * clashes with one in use about once in ten million placements, and a clash only costs a retry.
 */
export function newRefCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `ORD-${code}`;
}

/** Whose order a code is claimed for, its INR and when: what the customer limits count (customer-limits.ts). */
export interface CodeHolder {
  userId: string;
  fiatInr: string;
  at: Date;
}

/** Claims a code no other order has (the table's primary key decides), retrying on a clash. */
export async function claimRefCode(
  db: Kysely<ServicesDatabase>,
  orderId: string,
  generate: () => string = newRefCode,
  holder: CodeHolder | null = null,
): Promise<string> {
  const held = holder ? { user_id: holder.userId, fiat_inr: holder.fiatInr, claimed_at: holder.at } : {};
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const code = generate();
    const claimed = await db
      .insertInto('order_ref_codes')
      .values({ ref_code: code, order_id: orderId, ...held })
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .returning('ref_code')
      .executeTakeFirst();
    if (claimed) return code;
  }
  throw new Error(`No free order reference code after ${MAX_TRIES} tries`);
}
