import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { claimDaysSql } from './claim-days';

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

/**
 * Claims a code no other order has (the table's primary key decides), retrying on a clash. A claim
 * with a holder is also added to the customer's day in customer_claim_days, in the same statement.
 */
export async function claimRefCode(
  db: Kysely<ServicesDatabase>,
  orderId: string,
  generate: () => string = newRefCode,
  holder: CodeHolder | null = null,
): Promise<string> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const code = generate();
    const { rows } = await sql<{ ref_code: string }>`
      with claim as (
        insert into order_ref_codes (ref_code, order_id, user_id, fiat_inr, claimed_at)
        values (${code}, ${orderId}::uuid, ${holder?.userId ?? null}::uuid, ${holder?.fiatInr ?? null}::numeric, coalesce(${holder?.at ?? null}::timestamptz, now()))
        on conflict (ref_code) do nothing
        returning ref_code, user_id, fiat_inr, claimed_at
      ), counted as (${claimDaysSql.add('claim')})
      select ref_code from claim`.execute(db);
    if (rows[0]) return rows[0].ref_code;
  }
  throw new Error(`No free order reference code after ${MAX_TRIES} tries`);
}
