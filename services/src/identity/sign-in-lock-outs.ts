import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { SIGN_IN_IP_LOCKED_OUT, SIGN_IN_LOCKED_OUT, type SignInLimit } from '@desk/machines/identity/user.events';
import type { Limit, StartedLock } from '../kv/rate-limiter';
import type { UserRow } from './users.repository';
import type { Trail } from './user-trail';

export interface StartedLockOut {
  limit: Limit;
  started: StartedLock | null;
}

export interface FailedSignIn {
  phone: string;
  /** The account that phone has on this brand, if any. */
  user: UserRow | null;
  ip: string;
  /** The phone's locks: from this address, from every address. */
  phoneIpLock: StartedLockOut;
  phoneLock: StartedLockOut;
  ipLock: StartedLockOut;
}

/**
 * The lock-outs a failed password sign-in started, each recorded once (the hit that used up the
 * allowance). A phone's go on the stream of the account it has on this brand (the one from an
 * address names it); a phone with no account here has no one's trail to go on (the address's
 * lock-out names it). An address's goes on `ip-<address>`. The lock is already in force when this
 * runs: a failed append answers 500 and the lock stands, as lifting a protection because its record
 * failed would be the wrong way round.
 */
export async function recordLockOuts(trail: Trail, failed: FailedSignIn, metadata: EventMetadata): Promise<void> {
  const { phone, user, ip, phoneIpLock, phoneLock, ipLock } = failed;
  if (user) {
    if (phoneIpLock.started) await recordAccountLockOut(trail, user, { ...phoneIpLock, ip }, metadata);
    if (phoneLock.started) await recordAccountLockOut(trail, user, phoneLock, metadata);
  }
  if (ipLock.started) {
    const data = {
      ip,
      tenantId: metadata.tenantId,
      limit: 'login-fail:ip' as const,
      failures: ipLock.limit.max,
      windowMinutes: ipLock.limit.windowMs / 60_000,
      phone,
      lockedAt: metadata.acceptedAt,
      lockedUntil: ipLock.started.until.toISOString(),
    };
    await trail.recordIp(ip, { type: SIGN_IN_IP_LOCKED_OUT, data }, metadata);
  }
}

/** SignInLockedOut on the account's stream: failed passwords (from one address, or every address) or wrong second-factor codes. */
export async function recordAccountLockOut(trail: Trail, user: UserRow, lock: StartedLockOut & { ip?: string }, metadata: EventMetadata): Promise<void> {
  if (!lock.started) return;
  const data = {
    userId: user.id,
    tenantId: user.tenant_id,
    phone: user.phone,
    limit: lock.limit.name as SignInLimit,
    ...(lock.ip !== undefined ? { ip: lock.ip } : {}),
    failures: lock.limit.max,
    windowMinutes: lock.limit.windowMs / 60_000,
    lockedAt: metadata.acceptedAt,
    lockedUntil: lock.started.until.toISOString(),
  };
  await trail.record(user, [{ type: SIGN_IN_LOCKED_OUT, data }], metadata);
}
