import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { SIGN_IN_UNLOCKED, type PhoneLimit } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../../db/services-database';
import { FAILURES_PER_PHONE } from '../../identity/auth.routes';
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

// The counters that lock one phone out of signing in: wrong passwords, and codes requested. (The
// per-address counters belong to an IP, not to this phone, and are left alone.)
const PHONE_LOCKS: readonly Limit[] = [FAILURES_PER_PHONE, SENDS_PER_PHONE];
const ignore = () => '';

/**
 * Clears the phone's sign-in counters in `store`, saying which of them were locking it out. A lock
 * lifted is recorded first (SignInUnlocked on the stream of every account the phone has: the
 * counters are per phone, so the lock held on every brand), so a failed append clears nothing.
 */
export async function unlockPhone(deps: UnlockDeps, phone: string): Promise<UnlockedLimit[]> {
  const limiter = new RateLimiter(deps.store);
  const results: UnlockedLimit[] = [];
  for (const limit of PHONE_LOCKS) {
    let retryAfterSeconds: number | null = null;
    try {
      await limiter.check(limit, phone, ignore);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      retryAfterSeconds = error.retryAfterSeconds;
    }
    results.push({ limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds });
  }
  const cleared = results.flatMap((r) => (r.retryAfterSeconds === null ? [] : [{ limit: r.limit as PhoneLimit, secondsLeft: r.retryAfterSeconds }]));
  if (cleared.length > 0) {
    for (const user of await findUsersByPhone(deps.db, phone)) {
      const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
      const data = { userId: user.id, tenantId: user.tenant_id, phone, cleared, unlockedAt: metadata.acceptedAt };
      await deps.trail.record(user, [{ type: SIGN_IN_UNLOCKED, data }], metadata);
    }
  }
  for (const limit of PHONE_LOCKS) await limiter.reset(limit, phone);
  return results;
}
