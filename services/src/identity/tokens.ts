import { sign, verify } from 'hono/jwt';

/** Tokens remembered as verified; beyond it the oldest is forgotten (and verified again when next seen). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenClaims {
  sub: string;
  tenant: string;
  /** The session the token opens (sessions table, decision 0029): ended there, the token stops working. */
  sid: string;
  /** Issued at, in seconds. */
  iat: number;
  /**
   * Issued at, in milliseconds, so that a password change ends a session signed in earlier in the
   * same second. A token from before this claim counts as issued at the end of its second, which is
   * what the comparison in seconds did.
   */
  issuedAtMs: number;
}

export class TokenService {
  /**
   * Tokens whose signature this process checked, with their claims and expiry. A signed-in client
   * sends the same token with every request, and checking its signature (Web Crypto) was a tenth
   * of a placed order's CPU. The key is the whole token, so only a token that verified can match;
   * its expiry is checked on every read.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();

  constructor(private readonly secret: string) {}

  /** A token for the session, valid until the session expires (session-lifetimes.ts). */
  issue(session: { user_id: string; tenant_id: string; id: string; expires_at: Date }, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    const exp = Math.floor(session.expires_at.getTime() / 1000);
    return sign({ sub: session.user_id, tenant: session.tenant_id, sid: session.id, iat, iat_ms: now, exp }, this.secret, 'HS256');
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async read(token: string, now = Date.now()): Promise<TokenClaims | null> {
    const nowS = Math.floor(now / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > nowS) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const payload = await verify(token, this.secret, 'HS256');
      // A token without a session is from before sessions (decision 0029): it can no longer be ended, so it no longer opens anything.
      if (typeof payload.sub !== 'string' || typeof payload.tenant !== 'string' || typeof payload.sid !== 'string' || typeof payload.iat !== 'number')
        return null;
      if (typeof payload.exp === 'number' && payload.exp <= nowS) return null;
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000 + 999;
      const claims = { sub: payload.sub, tenant: payload.tenant, sid: payload.sid, iat: payload.iat, issuedAtMs };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: TokenClaims, exp: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, exp });
  }
}
