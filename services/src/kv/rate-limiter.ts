import { DomainError } from '@desk/platform/errors/domain-error';
import type { ShortLivedStore } from './short-lived-store';

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', 429, message);
  }

  override body(): Record<string, unknown> {
    return { error: this.message, code: this.code, retryAfterSeconds: this.retryAfterSeconds };
  }
}

export interface Limit {
  /** What is limited, for the key: e.g. `login-fail:phone`. */
  name: string;
  max: number;
  windowMs: number;
}

/** A lock that a hit started: the subject is refused until `until`. */
export interface StartedLock {
  until: Date;
}

/** An attempt counted before its outcome is known (RateLimiter.attempt). */
export interface Attempt {
  /** The lock this attempt starts if it fails: it used up the allowance. */
  started: StartedLock | null;
  /** Takes the attempt back: it succeeded, or was never made. */
  undo(): Promise<void>;
}

const keyOf = (limit: Limit, subject: string) => `rl:${limit.name}:${subject}`;

/** Fixed-window counters: `max` per `windowMs` per subject (a phone, an IP). */
export class RateLimiter {
  constructor(private readonly store: ShortLivedStore) {}

  /**
   * Counts one more; throws once the window's allowance is used up. Answers the lock this hit
   * started (the one that used up the allowance: exactly one per window, as increments are atomic),
   * else null, so a lock-out can be recorded once.
   */
  async hit(limit: Limit, subject: string, message: (minutes: number) => string): Promise<StartedLock | null> {
    const key = keyOf(limit, subject);
    const count = await this.store.increment(key, limit.windowMs);
    if (count > limit.max) await this.refuse(key, message);
    return this.lockStartedAt(count, limit, key);
  }

  /**
   * Counts an attempt before its outcome is known, and throws once the allowance is used up. A check
   * before and a hit after let every attempt sent at once pass the check, since none was counted yet
   * (a burst of 25 passwords against an allowance of 5 got all 25 verified). The caller undoes the
   * attempt when it succeeds, so only failures stay counted.
   */
  async attempt(limit: Limit, subject: string, message: (minutes: number) => string): Promise<Attempt> {
    const key = keyOf(limit, subject);
    const count = await this.store.increment(key, limit.windowMs);
    if (count > limit.max) {
      // Refused, so not an attempt: counted, it would outlive the success of one made alongside it
      // and lock the subject with fewer failures than the limit.
      await this.store.decrement(key);
      await this.refuse(key, message);
    }
    return { started: await this.lockStartedAt(count, limit, key), undo: () => this.store.decrement(key) };
  }

  /** Throws if the allowance is already used up, without counting. */
  async check(limit: Limit, subject: string, message: (minutes: number) => string): Promise<void> {
    const key = keyOf(limit, subject);
    const count = Number((await this.store.get(key)) ?? 0);
    if (count >= limit.max) await this.refuse(key, message);
  }

  async reset(limit: Limit, subject: string): Promise<void> {
    await this.store.delete(keyOf(limit, subject));
  }

  /** The lock a count starts: the one that used up the allowance (exactly one per window, as increments are atomic). */
  private async lockStartedAt(count: number, limit: Limit, key: string): Promise<StartedLock | null> {
    if (count < limit.max) return null;
    return { until: new Date(Date.now() + Math.max(0, await this.store.ttl(key))) };
  }

  private async refuse(key: string, message: (minutes: number) => string): Promise<never> {
    const seconds = Math.max(1, Math.ceil((await this.store.ttl(key)) / 1000));
    throw new TooManyRequestsError(message(Math.ceil(seconds / 60)), seconds);
  }
}
