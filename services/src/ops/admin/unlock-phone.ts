import { FAILURES_PER_PHONE } from '../../identity/auth.routes';
import { SENDS_PER_PHONE } from '../../identity/otp.service';
import { RateLimiter, TooManyRequestsError, type Limit } from '../../kv/rate-limiter';
import type { ShortLivedStore } from '../../kv/short-lived-store';

export interface UnlockedLimit {
  /** The counter: failed password sign-ins, or sign-in codes requested. */
  limit: string;
  /** Whether it was refusing the phone; and for how much longer it would have. */
  wasLocked: boolean;
  retryAfterSeconds: number | null;
}

// The counters that lock one phone out of signing in: wrong passwords, and codes requested. (The
// per-address counters belong to an IP, not to this phone, and are left alone.)
const PHONE_LOCKS: readonly Limit[] = [FAILURES_PER_PHONE, SENDS_PER_PHONE];
const ignore = () => '';

/** Clears the phone's sign-in counters in `store`, saying which of them were locking it out. */
export async function unlockPhone(store: ShortLivedStore, phone: string): Promise<UnlockedLimit[]> {
  const limiter = new RateLimiter(store);
  const results: UnlockedLimit[] = [];
  for (const limit of PHONE_LOCKS) {
    let retryAfterSeconds: number | null = null;
    try {
      await limiter.check(limit, phone, ignore);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      retryAfterSeconds = error.retryAfterSeconds;
    }
    await limiter.reset(limit, phone);
    results.push({ limit: limit.name, wasLocked: retryAfterSeconds !== null, retryAfterSeconds });
  }
  return results;
}
