import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { SIGN_IN_UNLOCKED, type PhoneLimit } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../../db/services-database';
import { FAILURES_PER_PHONE, phoneFailuresSubject } from '../../identity/auth.routes';
import { SENDS_PER_PHONE } from '../../identity/otp.service';
import { findUsersByPhone } from '../../identity/users.repository';
import type { Trail } from '../../identity/user-trail';
import { RateLimiter, TooManyRequestsError, type Limit } from '../../kv/rate-limiter';
import type { ShortLivedStore } from '../../kv/short-lived-store';
import { ADMIN_CLI_ACTOR } from './admin-accounts';

export interface UnlockedLimit {
  /** The counter: failed password sign-ins, or sign-in codes requested. */
  limit: string;
  /** Whether it was refusing the phone; and for how much longer it would have. */
  wasLocked: boolean;
  retryAfterSeconds: number | null;
}

export interface UnlockDeps {
  /** Where the counters are (Redis, for the CLI). */
  store: ShortLivedStore;
  db: Kysely<ServicesDatabase>;
  trail: Trail;
  actor?: string;
}

// The counters that lock one phone out of signing in: wrong passwords (per brand, one for each of the
// phone's accounts), and codes requested (per phone). The per-address counters belong to an IP, not
// to this phone, and are left alone.
interface PhoneLock {
  limit: Limit;
  subjects: string[];
  /** The brand whose account a subject's lock holds; null: every brand's. */
  tenantOf: (subject: string) => string | null;
}
const phoneLocks = (phone: string, tenantIds: readonly string[]): PhoneLock[] => {
  const byBrand = new Map(tenantIds.map((tenantId) => [phoneFailuresSubject(tenantId, phone), tenantId]));
  return [
    { limit: FAILURES_PER_PHONE, subjects: [...byBrand.keys()], tenantOf: (subject) => byBrand.get(subject) ?? null },
    { limit: SENDS_PER_PHONE, subjects: [phone], tenantOf: () => null },
  ];
};
const ignore = () => '';

/**
 * Clears the phone's sign-in counters in `store`, saying which of them were locking it out. A lock
 * lifted is recorded first, on the stream of each account it held (SignInUnlocked: the codes' lock
 * holds on every brand, the failed passwords' on one), so a failed append clears nothing. A limit
 * counted per brand reports the longest of its locks.
 */
export async function unlockPhone(deps: UnlockDeps, phone: string): Promise<UnlockedLimit[]> {
  const limiter = new RateLimiter(deps.store);
  const users = await findUsersByPhone(deps.db, phone);
  const locks = phoneLocks(
    phone,
    users.map((user) => user.tenant_id),
  );
  const secondsLeft = async (limit: Limit, subject: string): Promise<number | null> => {
    try {
      await limiter.check(limit, subject, ignore);
      return null;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      return error.retryAfterSeconds;
    }
  };
  // Every counter: its limit, the brand whose account it locks (null: every one), the seconds left.
  const states = await Promise.all(
    locks.flatMap(({ limit, subjects, tenantOf }) =>
      subjects.map(async (subject) => ({ limit: limit.name as PhoneLimit, tenantId: tenantOf(subject), left: await secondsLeft(limit, subject) })),
    ),
  );
  const results: UnlockedLimit[] = locks.map(({ limit }) => {
    const left = states.flatMap((s) => (s.limit === limit.name && s.left !== null ? [s.left] : []));
    const retryAfterSeconds = left.length > 0 ? Math.max(...left) : null;
    return { limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds };
  });
  for (const user of users) {
    const cleared = states.flatMap((s) =>
      s.left !== null && (s.tenantId === null || s.tenantId === user.tenant_id) ? [{ limit: s.limit, secondsLeft: s.left }] : [],
    );
    if (cleared.length === 0) continue;
    const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
    const data = { userId: user.id, tenantId: user.tenant_id, phone, cleared, unlockedAt: metadata.acceptedAt };
    await deps.trail.record(user, [{ type: SIGN_IN_UNLOCKED, data }], metadata);
  }
  for (const { limit, subjects } of locks) for (const subject of subjects) await limiter.reset(limit, subject);
  return results;
}
