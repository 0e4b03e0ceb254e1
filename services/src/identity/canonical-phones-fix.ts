import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import { USER_PHONE_CANONICALISED } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { canonicalPhone } from './canonical-phone';
import type { Trail } from './user-trail';

type Db = Kysely<ServicesDatabase>;

export const CANONICAL_PHONES_FIX = 'canonical-phones';
/** Who the trail names for the rewrite: the server itself. */
export const CANONICAL_PHONES_ACTOR = 'phone-canonicalisation';
// Any fixed number: processes starting together take turns, and all but the first find the fix done.
const LOCK_KEY = 7_240_113_015;
const BATCH = 1_000;

/** An account left with its old spelling because another account of its brand already has the canonical one. */
export interface PhoneCollision {
  userId: string;
  tenantId: string;
  /** The account that holds the canonical phone. */
  heldBy: string | null;
}

export interface PhoneFixSummary {
  checked: number;
  changed: number;
  collisions: PhoneCollision[];
}

interface AccountPhone {
  id: string;
  tenant_id: string;
  phone: string;
  /** As text: a Date would drop the microseconds, and the page after would start at the same account again. */
  created_at: string;
}

/**
 * Puts the phone of every account made before phones were canonical (canonical-phone.ts) into its
 * canonical form, once per database, after the migrations and before the server answers anyone.
 * Each account is rewritten in its own transaction, which also records the old spelling
 * (`user_phone_changes`, so searches still find its orders) and appends UserPhoneCanonicalised to
 * its trail. Accounts go oldest first, so when two spellings of one number have two accounts in a
 * brand, the older keeps the number; the other is left as it was and reported (logged at warn, and
 * kept in `data_fixes`) for the operator to settle with the customer (docs/operations.md).
 * Returns null when the fix had already run.
 */
export async function canonicaliseStoredPhones(db: Db, trail: Trail, now: () => Date = () => new Date()): Promise<PhoneFixSummary | null> {
  return db.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${LOCK_KEY}::bigint)`.execute(locked);
    try {
      const done = await locked.selectFrom('data_fixes').select('name').where('name', '=', CANONICAL_PHONES_FIX).executeTakeFirst();
      if (done) return null;
      // On the locked connection alone: a caller waiting for the lock never holds one this needs.
      const summary = await rewriteAll(locked, trail, now);
      await locked
        .insertInto('data_fixes')
        .values({ name: CANONICAL_PHONES_FIX, summary: JSON.stringify(summary) })
        .execute();
      return summary;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY}::bigint)`.execute(locked);
    }
  });
}

async function rewriteAll(db: Db, trail: Trail, now: () => Date): Promise<PhoneFixSummary> {
  const summary: PhoneFixSummary = { checked: 0, changed: 0, collisions: [] };
  const total = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  let after: AccountPhone | undefined;
  for (;;) {
    const page: AccountPhone[] = await db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'phone', sql<string>`created_at::text`.as('created_at')])
      .$if(after !== undefined, (q) => q.where(sql<boolean>`(created_at, id) > (${after!.created_at}::timestamptz, ${after!.id}::uuid)`))
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (page.length === 0) break;
    for (const account of page) {
      const canonical = canonicalPhone(account.phone);
      if (canonical === account.phone) continue;
      const collision = await rewriteOne(db, trail, account, canonical, now());
      if (collision) summary.collisions.push(collision);
      else summary.changed += 1;
    }
    summary.checked += page.length;
    after = page[page.length - 1];
    if (total > BATCH) logger.info(`canonical phones: ${summary.checked.toLocaleString('en-US')}/${total.toLocaleString('en-US')} accounts checked`);
  }
  for (const collision of summary.collisions) {
    logger.warn('an account keeps its old phone spelling: another account of its brand has the canonical number (docs/operations.md)', { ...collision });
  }
  if (summary.changed > 0 || summary.collisions.length > 0) {
    logger.info('canonical phones: stored phones rewritten', { checked: summary.checked, changed: summary.changed, collisions: summary.collisions.length });
  }
  return summary;
}

async function rewriteOne(db: Db, trail: Trail, account: AccountPhone, canonical: string, at: Date): Promise<PhoneCollision | null> {
  try {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ phone: canonical, updated_at: at })
        .where('id', '=', account.id)
        .where('phone', '=', account.phone)
        .returning(['id', 'tenant_id'])
        .executeTakeFirst();
      // Changed since it was read (another process's rewrite, or the account is gone): nothing to do.
      if (!updated) return;
      await trx
        .insertInto('user_phone_changes')
        .values({ user_id: updated.id, tenant_id: updated.tenant_id, previous_phone: account.phone, phone: canonical, changed_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const data = { userId: updated.id, tenantId: updated.tenant_id, phone: canonical, previousPhone: account.phone, changedAt: at.toISOString() };
      await trail.record(updated, [{ type: USER_PHONE_CANONICALISED, data }], systemMetadata(updated.tenant_id, CANONICAL_PHONES_ACTOR, at));
    });
    return null;
  } catch (error) {
    if (!takenPhone(error)) throw error;
    const holder = await db.selectFrom('users').select('id').where('tenant_id', '=', account.tenant_id).where('phone', '=', canonical).executeTakeFirst();
    return { userId: account.id, tenantId: account.tenant_id, heldBy: holder?.id ?? null };
  }
}

/** PostgreSQL's unique violation on the one-phone-per-brand key. */
const takenPhone = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'users_tenant_phone_key';
