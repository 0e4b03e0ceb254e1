import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { derivedKey } from './sealed-secret';
import type { UserRow } from './users.repository';

/** What the password step asks for next: the authenticator's code, or enrolling one first. */
export type SecondFactor = 'totp' | 'enrol';

/** Long enough to open the authenticator app; for enrolment, to install one and scan the code too. */
const LIFETIME_S: Record<SecondFactor, number> = { totp: 5 * 60, enrol: 15 * 60 };

export interface ChallengeClaims {
  userId: string;
  tenantId: string;
  next: SecondFactor;
  id: string;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * The password step's answer for staff (decision 0029): a signed, short-lived challenge that names
 * the account, what comes next, and the password it was answered for. It is no token: nothing but
 * the second step takes it. It is good once: the step that completes it spends it (`spend`). A
 * password changed since it was given voids it.
 */
export class SignInChallenges {
  private readonly key: string;

  constructor(
    tokenSecret: string,
    private readonly store: ShortLivedStore,
  ) {
    this.key = derivedKey(tokenSecret, 'sign-in-challenges').toString('base64url');
  }

  async issue(user: UserRow, next: SecondFactor, now = Date.now()): Promise<string> {
    const exp = Math.floor(now / 1000) + LIFETIME_S[next];
    const claims = { sub: user.id, tenant: user.tenant_id, next, jti: randomUUID(), pwd: user.password_changed_at.getTime(), kind: 'sign-in-challenge', exp };
    return sign(claims, this.key, 'HS256');
  }

  /** The challenge's claims when it is valid, unspent, of `next`, for this brand and the user's current password; else null. */
  async read(
    challenge: string,
    next: SecondFactor,
    tenantId: string,
    current: (userId: string) => Promise<UserRow | undefined>,
  ): Promise<{ claims: ChallengeClaims; user: UserRow } | null> {
    const payload = await verify(challenge, this.key, 'HS256').catch(() => null);
    if (!payload || payload.kind !== 'sign-in-challenge' || payload.next !== next || payload.tenant !== tenantId) return null;
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number' || typeof payload.pwd !== 'number') return null;
    if (await this.store.get(spentKey(payload.jti))) return null;
    const user = await current(payload.sub);
    if (!user || user.tenant_id !== tenantId || user.password_changed_at.getTime() !== payload.pwd) return null;
    return { claims: { userId: payload.sub, tenantId, next, id: payload.jti, exp: payload.exp }, user };
  }

  /** Spends the challenge; false when another request spent it first. */
  spend(claims: ChallengeClaims, now = Date.now()): Promise<boolean> {
    const ttlMs = Math.max(1_000, claims.exp * 1000 - now + 1_000);
    return this.store.setIfAbsent(spentKey(claims.id), '1', ttlMs);
  }
}

const spentKey = (id: string) => `sign-in-challenge:spent:${id}`;
