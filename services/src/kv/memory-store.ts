import type { ShortLivedStore } from './short-lived-store';

/** One process's memory: right for `npm start` on its own, wrong for several API processes. */
export class MemoryStore implements ShortLivedStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? this.now() + ttlMs });
    return next;
  }

  async decrement(key: string) {
    const entry = this.live(key);
    if (entry && Number(entry.value) > 0) entry.value = String(Number(entry.value) - 1);
  }

  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : 0;
  }

  async delete(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }

  async expireIfEqual(key: string, value: string, ttlMs: number) {
    const entry = this.live(key);
    if (entry?.value !== value) return false;
    entry.expiresAt = this.now() + ttlMs;
    return true;
  }

  async deleteIfEqual(key: string, value: string) {
    if (this.live(key)?.value !== value) return false;
    this.entries.delete(key);
    return true;
  }

  async close() {
    clearInterval(this.sweeper);
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
