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
// phone's accounts), and codes requested (per phone, so on every brand). The per-address counters
// belong to an IP, not to this phone, and are left alone.
const PHONE_LIMITS: readonly Limit[] = [FAILURES_PER_PHONE, SENDS_PER_PHONE];
interface PhoneCounter {
  limit: Limit;
  subject: string;
  /** The brand whose account it locks; null: every brand's. */
  tenantId: string | null;
}
const phoneCounters = (phone: string, tenantIds: readonly string[]): PhoneCounter[] => [
  ...tenantIds.map((tenantId) => ({ limit: FAILURES_PER_PHONE, subject: phoneFailuresSubject(tenantId, phone), tenantId })),
  { limit: SENDS_PER_PHONE, subject: phone, tenantId: null },
];
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
  const counters = phoneCounters(
    phone,
    users.map((user) => user.tenant_id),
  );
  const secondsLeft = async ({ limit, subject }: PhoneCounter): Promise<number | null> => {
    try {
      await limiter.check(limit, subject, ignore);
      return null;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      return error.retryAfterSeconds;
    }
  };
  const locked = (await Promise.all(counters.map(async (counter) => ({ ...counter, left: await secondsLeft(counter) })))).flatMap(
    ({ limit, tenantId, left }) => (left === null ? [] : [{ limit: limit.name as PhoneLimit, tenantId, secondsLeft: left }]),
  );
  const results: UnlockedLimit[] = PHONE_LIMITS.map((limit) => {
    const left = locked.filter((lock) => lock.limit === limit.name).map((lock) => lock.secondsLeft);
    const retryAfterSeconds = left.length > 0 ? Math.max(...left) : null;
    return { limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds };
  });
  for (const user of users) {
    const cleared = locked.flatMap(({ limit, tenantId, secondsLeft }) => (tenantId === null || tenantId === user.tenant_id ? [{ limit, secondsLeft }] : []));
    if (cleared.length === 0) continue;
    const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
    const data = { userId: user.id, tenantId: user.tenant_id, phone, cleared, unlockedAt: metadata.acceptedAt };
    await deps.trail.record(user, [{ type: SIGN_IN_UNLOCKED, data }], metadata);
  }
  for (const { limit, subject } of counters) await limiter.reset(limit, subject);
  return results;
}
