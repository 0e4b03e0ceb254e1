import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import { USER_PHONE_CANONICALISED } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { canonicalPhone, PHONE_RULES_VERSION } from './canonical-phone';
import type { Trail } from './user-trail';
import { isPhoneTaken } from './users.repository';

type Db = Kysely<ServicesDatabase>;

export const CANONICAL_PHONES_FIX = 'canonical-phones';
/** Who the trail names for the rewrite: the server itself. */
export const CANONICAL_PHONES_ACTOR = 'phone-canonicalisation';
// Any fixed number: processes starting together take turns, and those after the first find little left.
const LOCK_KEY = 7_240_113_015;
const BATCH = 1_000;
/**
 * A later run looks again at the accounts made since the last one began, less this: an account
 * written by a transaction that began before that run and committed after its read was not seen.
 */
const OVERLAP = '10 minutes';

/** An account left with its old spelling because another account of its brand already has the canonical one. */
export interface PhoneCollision {
  userId: string;
  tenantId: string;
  /** The account that holds the canonical phone. */
  heldBy: string | null;
}

/** What the fix keeps in `data_fixes`: the rules it applied, from when it has looked, and what it found. */
export interface PhoneFixSummary {
  rulesVersion: string;
  /** The database's time when the last run began: the next looks at accounts made since (less the overlap). */
  checkedFrom: string;
  /** Of the last run. */
  checked: number;
  changed: number;
  /** The accounts still to settle when it ran (unsettledSpellings), whichever run found them. */
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
 * canonical form, after the migrations and before the server answers anyone:
 * - the first time, and whenever the phone rules change (a libphonenumber upgrade), every account;
 * - at every later start, the accounts made since the last run began: a process of the previous
 *   version, still running during a rolling upgrade, stores phones as typed.
 * Each account is rewritten in its own transaction, which also records the old spelling
 * (`phone_spellings`, so searches still find its orders) and appends UserPhoneCanonicalised to its
 * trail. Accounts go oldest first, so when two spellings of one number have two accounts in a
 * brand, the older keeps the number unless the other has it already; the other is left as it was,
 * its spelling recorded as kept, and reported (logged at warn, and listed in `data_fixes`) for the
 * operator to settle with the customer (docs/operations.md).
 */
export async function canonicaliseStoredPhones(db: Db, trail: Trail): Promise<PhoneFixSummary> {
  return db.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${LOCK_KEY}::bigint)`.execute(locked);
    try {
      const last = await locked.selectFrom('data_fixes').select('summary').where('name', '=', CANONICAL_PHONES_FIX).executeTakeFirst();
      const before = last?.summary as PhoneFixSummary | undefined;
      const everyAccount = before?.rulesVersion !== PHONE_RULES_VERSION;
      const { rows } = await sql<{ now: string }>`select now()::text as now`.execute(locked);
      const checkedFrom = rows[0]!.now;
      // On the locked connection alone: a caller waiting for the lock never holds one this needs.
      const found = await rewriteAll(locked, trail, everyAccount ? null : before!.checkedFrom);
      const summary: PhoneFixSummary = {
        rulesVersion: PHONE_RULES_VERSION,
        checkedFrom,
        checked: found.checked,
        changed: found.changed,
        collisions: (await unsettledSpellings(locked)).map(({ userId, tenantId, heldBy }) => ({ userId, tenantId, heldBy })),
      };
      await locked
        .insertInto('data_fixes')
        .values({ name: CANONICAL_PHONES_FIX, summary: JSON.stringify(summary) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ summary: JSON.stringify(summary), applied_at: sql`now()` }))
        .execute();
      if (everyAccount || found.changed > 0 || found.collisions.length > 0) {
        logger.info('canonical phones: accounts checked', {
          everyAccount,
          checked: found.checked,
          changed: found.changed,
          collisions: found.collisions.length,
        });
      }
      return summary;
    } finally {
      // A failed unlock must not hide why the fix failed; a lost connection has let the lock go anyway.
      await sql`select pg_advisory_unlock(${LOCK_KEY}::bigint)`.execute(locked).catch(() => undefined);
    }
  });
}

type Found = Pick<PhoneFixSummary, 'checked' | 'changed' | 'collisions'>;

/** Every account, or those made since `since` (less the overlap), oldest first, a page at a time. */
async function rewriteAll(db: Db, trail: Trail, since: string | null): Promise<Found> {
  const found: Found = { checked: 0, changed: 0, collisions: [] };
  const from = since === null ? sql<boolean>`true` : sql<boolean>`created_at >= ${since}::timestamptz - ${OVERLAP}::interval`;
  const total = await db
    .selectFrom('users')
    .where(from)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  let after: AccountPhone | undefined;
  for (;;) {
    const page: AccountPhone[] = await db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'phone', sql<string>`created_at::text`.as('created_at')])
      .where(from)
      .$if(after !== undefined, (q) => q.where(sql<boolean>`(created_at, id) > (${after!.created_at}::timestamptz, ${after!.id}::uuid)`))
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (page.length === 0) break;
    for (const account of page) {
      const canonical = canonicalPhone(account.phone);
      if (canonical === account.phone) continue;
      const outcome = await rewriteOne(db, trail, account, canonical);
      if (outcome === 'changed') found.changed += 1;
      else if (outcome !== 'unchanged') found.collisions.push(outcome);
    }
    found.checked += page.length;
    after = page[page.length - 1];
    if (total > BATCH) logger.info(`canonical phones: ${found.checked.toLocaleString('en-US')}/${total.toLocaleString('en-US')} accounts checked`);
  }
  for (const collision of found.collisions) {
    logger.warn('an account keeps its old phone spelling: another account of its brand has the canonical number (docs/operations.md)', { ...collision });
  }
  return found;
}

/** `unchanged`: the account changed since it was read (another process's rewrite, or it is gone). */
async function rewriteOne(db: Db, trail: Trail, account: AccountPhone, canonical: string): Promise<'changed' | 'unchanged' | PhoneCollision> {
  const spelling = (rewritten: boolean) => ({ user_id: account.id, tenant_id: account.tenant_id, spelling: account.phone, phone: canonical, rewritten });
  try {
    return await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ phone: canonical, updated_at: sql`now()` })
        .where('id', '=', account.id)
        .where('phone', '=', account.phone)
        .returning(['id', 'tenant_id', sql<Date>`now()`.as('at')])
        .executeTakeFirst();
      if (!updated) return 'unchanged';
      await trx
        .insertInto('phone_spellings')
        .values(spelling(true))
        .onConflict((oc) => oc.columns(['user_id', 'spelling']).doUpdateSet({ rewritten: true }))
        .execute();
      const changedAt = updated.at.toISOString();
      const data = { userId: updated.id, tenantId: updated.tenant_id, phone: canonical, previousPhone: account.phone, changedAt };
      await trail.record(updated, [{ type: USER_PHONE_CANONICALISED, data }], systemMetadata(updated.tenant_id, CANONICAL_PHONES_ACTOR, updated.at));
      return 'changed' as const;
    });
  } catch (error) {
    if (!isPhoneTaken(error)) throw error;
    // Kept: the account's orders still carry this spelling, and a search by the number must find them.
    await db
      .insertInto('phone_spellings')
      .values(spelling(false))
      .onConflict((oc) => oc.columns(['user_id', 'spelling']).doNothing())
      .execute();
    const holder = await db.selectFrom('users').select('id').where('tenant_id', '=', account.tenant_id).where('phone', '=', canonical).executeTakeFirst();
    return { userId: account.id, tenantId: account.tenant_id, heldBy: holder?.id ?? null };
  }
}

/** An account that kept another spelling of a number another account of its brand holds: still to settle. */
export interface UnsettledSpelling {
  userId: string;
  tenantId: string;
  /** The spelling the account kept, which no sign-in reaches any more. */
  spelling: string;
  /** The canonical number, and the account that holds it (null if that account is gone). */
  phone: string;
  heldBy: string | null;
  createdAt: Date;
}

/**
 * The collisions still to settle, read from the accounts as they are now (every brand's, or one
 * number's in one brand): one drops out once its account has another phone or is removed. The
 * server never gives the admin role to a number's holder while its number has one (bootstrap-admin.ts).
 */
export async function unsettledSpellings(db: Db, only?: { tenantId: string; phone: string }): Promise<UnsettledSpelling[]> {
  const { rows } = await sql<{ user_id: string; tenant_id: string; spelling: string; phone: string; held_by: string | null; created_at: Date }>`
    select s.user_id, s.tenant_id, s.spelling, s.phone, holder.id as held_by, kept.created_at
    from phone_spellings s
    join users kept on kept.id = s.user_id and kept.phone = s.spelling
    left join users holder on holder.tenant_id = s.tenant_id and holder.phone = s.phone
    where not s.rewritten ${only ? sql`and s.tenant_id = ${only.tenantId} and s.phone = ${only.phone}` : sql``}
    order by s.tenant_id, s.phone, kept.created_at`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    tenantId: r.tenant_id,
    spelling: r.spelling,
    phone: r.phone,
    heldBy: r.held_by,
    createdAt: r.created_at,
  }));
}
