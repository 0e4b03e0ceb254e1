import type { Limit, RateLimiter, StartedLock } from '../kv/rate-limiter';
import type { ShortLivedStore } from '../kv/short-lived-store';

/**
 * Failed password sign-ins (decision 0029). A phone on a brand locks out of one address after 5
 * failures from it in 15 minutes, so a flood from one address does not lock the owner out from
 * another; across every address it locks after 50 in an hour, a bound on guessing from many
 * addresses (ten addresses at most, each spending its 5) that a person mistyping never meets; and an
 * address locks after 30 failures on any phones in 15 minutes, as before.
 */
export const FAILURES_PER_PHONE_AND_IP: Limit = { name: 'login-fail:phone-ip', max: 5, windowMs: 15 * 60_000 };
export const FAILURES_PER_PHONE: Limit = { name: 'login-fail:phone', max: 50, windowMs: 60 * 60_000 };
export const FAILURES_PER_IP: Limit = { name: 'login-fail:ip', max: 30, windowMs: 15 * 60_000 };

/**
 * The phone's failures are counted per brand, as its accounts are: a sign-in that succeeds clears
 * them, and with one count for every brand anyone who signs in with the same phone on another brand
 * (an account a brand admin can make) wiped a victim's failures between guesses.
 */
export const phoneFailuresSubject = (tenantId: string, phone: string): string => `${tenantId}:${phone}`;

/**
 * The per-address counters of a phone carry a generation: `unlock-phone` moves it on, which clears
 * every address's count at once (the store cannot list keys). A lock started is noted in a short
 * list, so that the unlock can say which addresses were locked and for how long.
 */
const generationKey = (tenantId: string, phone: string) => `login-fail:generation:${tenantId}:${phone}`;
const lockedAddressesKey = (tenantId: string, phone: string) => `login-fail:locked-addresses:${tenantId}:${phone}`;

export interface LockedAddress {
  ip: string;
  until: string;
}

export interface PasswordAttempt {
  /** The locks this attempt starts if it fails (it used up an allowance). */
  phoneIpLock: StartedLock | null;
  phoneLock: StartedLock | null;
  ipLock: StartedLock | null;
  /** The password was right: the phone's count from this address is cleared, the attempt taken back from the others. */
  succeeded(): Promise<void>;
  /** The password was wrong: notes a lock of this address, if this attempt started one. */
  failed(): Promise<void>;
}

const lockedOut = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minute(s).`;

export class PasswordLimits {
  constructor(
    private readonly limits: RateLimiter,
    private readonly store: ShortLivedStore,
  ) {}

  /**
   * Counts an attempt on all three before the password is verified (RateLimiter.attempt: a burst
   * sent at once cannot get more guesses verified than the allowance). Refused: 429, and nothing
   * stays counted.
   */
  async attempt(tenantId: string, phone: string, ip: string): Promise<PasswordAttempt> {
    const phoneIpSubject = await this.phoneIpSubject(tenantId, phone, ip);
    const byPhoneIp = await this.limits.attempt(FAILURES_PER_PHONE_AND_IP, phoneIpSubject, lockedOut);
    const byPhone = await this.limits.attempt(FAILURES_PER_PHONE, phoneFailuresSubject(tenantId, phone), lockedOut).catch(async (error: unknown) => {
      await byPhoneIp.undo();
      throw error;
    });
    const byIp = await this.limits.attempt(FAILURES_PER_IP, ip, lockedOut).catch(async (error: unknown) => {
      await Promise.all([byPhoneIp.undo(), byPhone.undo()]);
      throw error;
    });
    return {
      phoneIpLock: byPhoneIp.started,
      phoneLock: byPhone.started,
      ipLock: byIp.started,
      succeeded: async () => {
        await Promise.all([this.limits.reset(FAILURES_PER_PHONE_AND_IP, phoneIpSubject), byPhone.undo(), byIp.undo()]);
      },
      failed: async () => {
        if (byPhoneIp.started) await this.noteLockedAddress(tenantId, phone, { ip, until: byPhoneIp.started.until.toISOString() });
      },
    };
  }

  /** The addresses the phone is locked out of on the brand now (for unlock-phone). */
  async lockedAddresses(tenantId: string, phone: string, now = Date.now()): Promise<LockedAddress[]> {
    const noted = await this.store.get(lockedAddressesKey(tenantId, phone));
    const list = noted ? (JSON.parse(noted) as LockedAddress[]) : [];
    return list.filter((lock) => Date.parse(lock.until) > now);
  }

  /** Clears the phone's counts on the brand, from every address and across them (unlock-phone). */
  async clear(tenantId: string, phone: string): Promise<void> {
    await this.store.increment(generationKey(tenantId, phone), 2 * FAILURES_PER_PHONE_AND_IP.windowMs);
    await this.store.delete(lockedAddressesKey(tenantId, phone));
    await this.limits.reset(FAILURES_PER_PHONE, phoneFailuresSubject(tenantId, phone));
  }

  private async phoneIpSubject(tenantId: string, phone: string, ip: string): Promise<string> {
    const generation = (await this.store.get(generationKey(tenantId, phone))) ?? '0';
    return `${tenantId}:${phone}:g${generation}:${ip}`;
  }

  /** Read, add, write: two locks noted at the same instant may lose one from the list (the lock itself stands). */
  private async noteLockedAddress(tenantId: string, phone: string, lock: LockedAddress): Promise<void> {
    const list = [...(await this.lockedAddresses(tenantId, phone)).filter((l) => l.ip !== lock.ip), lock].slice(-100);
    await this.store.set(lockedAddressesKey(tenantId, phone), JSON.stringify(list), FAILURES_PER_PHONE_AND_IP.windowMs);
  }
}
