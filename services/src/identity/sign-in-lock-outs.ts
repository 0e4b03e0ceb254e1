import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { SIGN_IN_IP_LOCKED_OUT, SIGN_IN_LOCKED_OUT } from '@desk/machines/identity/user.events';
import type { Limit, StartedLock } from '../kv/rate-limiter';
import type { UserRow } from './users.repository';
import type { Trail } from './user-trail';

export interface FailedSignIn {
  phone: string;
  /** The account that phone has on this brand, if any. */
  user: UserRow | null;
  ip: string;
  phoneLock: { limit: Limit; started: StartedLock | null };
  ipLock: { limit: Limit; started: StartedLock | null };
}

/**
 * The lock-outs a failed password sign-in started, each recorded once (the hit that used up the
 * allowance). A phone's goes on the stream of the account it has on this brand; a phone with no
 * account here has no one's trail to go on (the address's lock-out names it). An address's goes on
 * `ip-<address>`. The lock is already in force when this runs: a failed append answers 500 and the
 * lock stands, as lifting a protection because its record failed would be the wrong way round.
 */
export async function recordLockOuts(trail: Trail, failed: FailedSignIn, metadata: EventMetadata): Promise<void> {
  const { phone, user, ip, phoneLock, ipLock } = failed;
  const lockedAt = metadata.acceptedAt;
  const minutes = (limit: Limit) => limit.windowMs / 60_000;
  if (phoneLock.started && user) {
    const data = {
      userId: user.id,
      tenantId: user.tenant_id,
      phone,
      limit: 'login-fail:phone' as const,
      failures: phoneLock.limit.max,
      windowMinutes: minutes(phoneLock.limit),
      lockedAt,
      lockedUntil: phoneLock.started.until.toISOString(),
    };
    await trail.record(user, [{ type: SIGN_IN_LOCKED_OUT, data }], metadata);
  }
  if (ipLock.started) {
    const data = {
      ip,
      tenantId: metadata.tenantId,
      limit: 'login-fail:ip' as const,
      failures: ipLock.limit.max,
      windowMinutes: minutes(ipLock.limit),
      phone,
      lockedAt,
      lockedUntil: ipLock.started.until.toISOString(),
    };
    await trail.recordIp(ip, { type: SIGN_IN_IP_LOCKED_OUT, data }, metadata);
  }
}
