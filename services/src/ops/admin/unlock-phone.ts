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
const phoneLocks = (phone: string, tenantIds: readonly string[]): { limit: Limit; subjects: string[] }[] => [
  { limit: FAILURES_PER_PHONE, subjects: tenantIds.map((tenantId) => phoneFailuresSubject(tenantId, phone)) },
  { limit: SENDS_PER_PHONE, subjects: [phone] },
];
const ignore = () => '';

/**
 * Clears the phone's sign-in counters in `store`, saying which of them were locking it out. A lock
 * lifted is recorded first (SignInUnlocked on the stream of every account the phone has, as the
 * codes' lock held on every brand), so a failed append clears nothing. A limit counted per brand
 * reports the longest of its locks.
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
  const results: UnlockedLimit[] = [];
  for (const { limit, subjects } of locks) {
    const left = (await Promise.all(subjects.map((subject) => secondsLeft(limit, subject)))).filter((s): s is number => s !== null);
    const retryAfterSeconds = left.length > 0 ? Math.max(...left) : null;
    results.push({ limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds });
  }
  const cleared = results.flatMap((r) => (r.retryAfterSeconds === null ? [] : [{ limit: r.limit as PhoneLimit, secondsLeft: r.retryAfterSeconds }]));
  if (cleared.length > 0) {
    for (const user of users) {
      const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
      const data = { userId: user.id, tenantId: user.tenant_id, phone, cleared, unlockedAt: metadata.acceptedAt };
      await deps.trail.record(user, [{ type: SIGN_IN_UNLOCKED, data }], metadata);
    }
  }
  for (const { limit, subjects } of locks) for (const subject of subjects) await limiter.reset(limit, subject);
  return results;
}
