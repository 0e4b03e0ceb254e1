import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { SIGN_IN_UNLOCKED, type PhoneLimit } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../../db/services-database';
import { FAILURES_PER_PHONE, FAILURES_PER_PHONE_AND_IP, PasswordLimits, phoneFailuresSubject } from '../../identity/password-limits';
import { otpSubject, SENDS_PER_PHONE } from '../../identity/otp.service';
import { SECOND_FACTOR_FAILURES } from '../../identity/second-factor';
import { findUsersByPhone } from '../../identity/users.repository';
import type { Trail } from '../../identity/user-trail';
import { RateLimiter, TooManyRequestsError, type Limit } from '../../kv/rate-limiter';
import type { ShortLivedStore } from '../../kv/short-lived-store';
import { ADMIN_CLI_ACTOR } from './admin-accounts';

export interface UnlockedLimit {
  /** The counter: failed passwords from one address or from all, codes requested, wrong authenticator codes. */
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

// Every counter that locks one phone out of signing in, per brand (decision 0029): wrong passwords
// from each address and from all of them, codes requested, and wrong second-factor codes of the
// phone's accounts. The per-address counters (any phone) belong to an IP, not to this phone, and
// are left alone.
const PHONE_LIMITS: readonly Limit[] = [FAILURES_PER_PHONE_AND_IP, FAILURES_PER_PHONE, SENDS_PER_PHONE, SECOND_FACTOR_FAILURES];

interface PhoneCounter {
  limit: Limit;
  subject: string;
  tenantId: string;
}

interface Lock {
  limit: PhoneLimit;
  tenantId: string;
  secondsLeft: number;
}

const ignore = () => '';

/**
 * Clears the phone's sign-in counters in `store` on the brands of its accounts and on `brands` (a
 * brand where it has no account can still hold its sign-up codes' count), saying which were locking
 * it out. A lock lifted is recorded first, on the stream of each account it held (SignInUnlocked),
 * so a failed append clears nothing. A limit counted on several brands or addresses reports the
 * longest of its locks.
 */
export async function unlockPhone(deps: UnlockDeps, phone: string, brands: readonly string[] = []): Promise<UnlockedLimit[]> {
  const limiter = new RateLimiter(deps.store);
  const passwords = new PasswordLimits(limiter, deps.store);
  const users = await findUsersByPhone(deps.db, phone);
  const tenantIds = [...new Set([...brands, ...users.map((user) => user.tenant_id)])];
  const counters: PhoneCounter[] = [
    ...tenantIds.flatMap((tenantId) => [
      { limit: FAILURES_PER_PHONE, subject: phoneFailuresSubject(tenantId, phone), tenantId },
      { limit: SENDS_PER_PHONE, subject: otpSubject(tenantId, phone), tenantId },
    ]),
    ...users.map((user) => ({ limit: SECOND_FACTOR_FAILURES, subject: user.id, tenantId: user.tenant_id })),
  ];
  const secondsLeft = async ({ limit, subject }: PhoneCounter): Promise<number | null> => {
    try {
      await limiter.check(limit, subject, ignore);
      return null;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      return error.retryAfterSeconds;
    }
  };
  const counted = await Promise.all(counters.map(async (counter) => ({ ...counter, left: await secondsLeft(counter) })));
  const addresses = await Promise.all(tenantIds.map(async (tenantId) => ({ tenantId, locks: await passwords.lockedAddresses(tenantId, phone) })));
  const locked: Lock[] = [
    ...counted.flatMap(({ limit, tenantId, left }) => (left === null ? [] : [{ limit: limit.name as PhoneLimit, tenantId, secondsLeft: left }])),
    ...addresses.flatMap(({ tenantId, locks }) =>
      locks.length === 0
        ? []
        : [
            {
              limit: 'login-fail:phone-ip' as const,
              tenantId,
              secondsLeft: Math.max(...locks.map((l) => Math.ceil((Date.parse(l.until) - Date.now()) / 1000))),
            },
          ],
    ),
  ];
  const results: UnlockedLimit[] = PHONE_LIMITS.map((limit) => {
    const left = locked.filter((lock) => lock.limit === limit.name).map((lock) => lock.secondsLeft);
    const retryAfterSeconds = left.length > 0 ? Math.max(...left) : null;
    return { limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds };
  });
  for (const user of users) {
    const cleared = locked.flatMap(({ limit, tenantId, secondsLeft }) => (tenantId === user.tenant_id ? [{ limit, secondsLeft }] : []));
    if (cleared.length === 0) continue;
    const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
    const data = { userId: user.id, tenantId: user.tenant_id, phone, cleared, unlockedAt: metadata.acceptedAt };
    await deps.trail.record(user, [{ type: SIGN_IN_UNLOCKED, data }], metadata);
  }
  for (const { limit, subject } of counters) await limiter.reset(limit, subject);
  for (const tenantId of tenantIds) await passwords.clear(tenantId, phone);
  return results;
}
