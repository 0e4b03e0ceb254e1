import { describe, expect, it } from 'vitest';
import { sign } from 'hono/jwt';
import { TokenService } from './tokens';

const SECRET = 'tokens-test-secret-tokens-test-secret';
const WEEK_MS = 7 * 24 * 3600 * 1000;
const session = (expiresAt = Date.now() + WEEK_MS) => ({ id: 'session-1', user_id: 'user-1', tenant_id: 'tenant-1', expires_at: new Date(expiresAt) });

describe('TokenService', () => {
  it('reads a token it issued, naming its session, the same again on the next request', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue(session());
    const first = await tokens.read(token);
    expect(first).toMatchObject({ sub: 'user-1', tenant: 'tenant-1', sid: 'session-1' });
    expect(await tokens.read(token)).toEqual(first);
  });

  it('expires with its session, and refuses a remembered token once it has', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue(session(Date.now() + 60_000));
    expect(await tokens.read(token)).not.toBeNull();
    expect(await tokens.read(token, Date.now() + 61_000)).toBeNull();
    expect(await tokens.read(token, Date.now() + 61_000)).toBeNull();
  });

  it('refuses a token altered after a valid one was read, and one signed with another secret', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue(session());
    await tokens.read(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(await tokens.read(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.read(await new TokenService(`${SECRET}-other`).issue(session()))).toBeNull();
  });

  it('refuses a token from before sessions: it names none, so nothing could end it', async () => {
    const tokens = new TokenService(SECRET);
    const iat = Math.floor(Date.now() / 1000);
    const legacy = await sign({ sub: 'user-1', tenant: 'tenant-1', iat, iat_ms: Date.now(), exp: iat + 3600 }, SECRET, 'HS256');
    expect(await tokens.read(legacy)).toBeNull();
  });

  it('reads when a token was issued to the millisecond', async () => {
    const tokens = new TokenService(SECRET);
    const at = Date.UTC(2026, 10, 26, 6, 0, 0, 250);
    expect(await tokens.read(await tokens.issue(session(at + WEEK_MS), at), at)).toMatchObject({ iat: Math.floor(at / 1000), issuedAtMs: at });
  });
});
