/**
 * What a statement line was taken for, claimed before its event is appended (decision 0032, the
 * services' table `bank_line_claims`): one order per line and one line per order, or a refund.
 * The first claim wins, so two admins assigning one line, or a match racing an assignment, never
 * record two outcomes. A claim whose event was refused by the order is released.
 */
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';

export type ClaimOutcome =
  /** Claimed now, or already this order's (a retry, or a claim whose event was never appended). */
  | { kind: 'claimed' }
  /** The line is taken: by another order, or for a refund. */
  | { kind: 'line_taken'; orderId: string | null }
  /** The order already has another line. */
  | { kind: 'order_taken' };

export class LineClaims {
  constructor(private readonly db: Kysely<ServicesDatabase>) {}

  async forOrder(accountId: string, key: string, orderId: string): Promise<ClaimOutcome> {
    // On a conflict with either key (the line's, or the order's), nothing is inserted: only then is
    // it read which (one statement for a claim that wins, the common case).
    const inserted = await this.db
      .insertInto('bank_line_claims')
      .values({ account_id: accountId, line_key: key, kind: 'match', order_id: orderId })
      .onConflict((oc) => oc.doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed' };
    const held = await this.held(accountId, key);
    if (held?.order_id === orderId) return { kind: 'claimed' };
    if (held) return { kind: 'line_taken', orderId: held.order_id };
    return { kind: 'order_taken' };
  }

  async forRefund(accountId: string, key: string): Promise<ClaimOutcome> {
    await this.db
      .insertInto('bank_line_claims')
      .values({ account_id: accountId, line_key: key, kind: 'refund', order_id: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const held = await this.held(accountId, key);
    return held?.kind === 'refund' ? { kind: 'claimed' } : { kind: 'line_taken', orderId: held?.order_id ?? null };
  }

  /** The order refused the line (it has another, say): the line is free again. */
  async release(accountId: string, key: string, orderId: string): Promise<void> {
    await this.db.deleteFrom('bank_line_claims').where('account_id', '=', accountId).where('line_key', '=', key).where('order_id', '=', orderId).execute();
  }

  private held(accountId: string, key: string) {
    return this.db
      .selectFrom('bank_line_claims')
      .select(['kind', 'order_id'])
      .where('account_id', '=', accountId)
      .where('line_key', '=', key)
      .executeTakeFirst();
  }
}
