import { sign, verify } from 'hono/jwt';

const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  sub: string;
  tenant: string;
  /** Issued at, in seconds. */
  iat: number;
}

export class TokenService {
  constructor(private readonly secret: string) {}

  issue(userId: string, tenantId: string, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return sign({ sub: userId, tenant: tenantId, iat, exp: iat + TOKEN_TTL_SECONDS }, this.secret, 'HS256');
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async read(token: string): Promise<TokenClaims | null> {
    try {
      const payload = await verify(token, this.secret, 'HS256');
      if (typeof payload.sub !== 'string' || typeof payload.tenant !== 'string' || typeof payload.iat !== 'number') return null;
      return { sub: payload.sub, tenant: payload.tenant, iat: payload.iat };
    } catch {
      return null;
    }
  }
}
