/**
 * Short-lived state with expiry: OTP codes, resend cooldowns, attempt and rate-limit counters.
 * Redis when REDIS_URL is set (shared by every process), else process memory (the single-process
 * `npm start`). Every operation the callers rely on being atomic is atomic in both adapters.
 */
export interface ShortLivedStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only if absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds one; the expiry starts with the first increment of a window. Returns the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Takes one back from a live count, keeping its expiry; never below zero, never creating the key. */
  decrement(key: string): Promise<void>;
  /** Milliseconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  delete(...keys: string[]): Promise<void>;
  /** Starts the key's expiry again, only while it holds `value`; true when it did (a lease kept). */
  expireIfEqual(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only while it holds `value`; true when it did (a lease given up, never another's). */
  deleteIfEqual(key: string, value: string): Promise<boolean>;
  close(): Promise<void>;
}
