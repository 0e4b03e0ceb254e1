import { describe, expect, it } from 'vitest';
import { sign } from 'hono/jwt';
import { TokenService } from './tokens';

const SECRET = 'tokens-test-secret-tokens-test-secret';
const WEEK_S = 7 * 24 * 3600;

describe('TokenService', () => {
  it('reads a token it issued, the same again on the next request', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue('user-1', 'tenant-1');
    const first = await tokens.read(token);
    expect(first).toMatchObject({ sub: 'user-1', tenant: 'tenant-1' });
    expect(await tokens.read(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = new TokenService(SECRET);
    // Issued almost a week ago: valid for 60 more seconds.
    const issuedAt = Date.now() - (WEEK_S - 60) * 1000;
    const token = await tokens.issue('user-1', 'tenant-1', issuedAt);
    expect(await tokens.read(token)).not.toBeNull();
    expect(await tokens.read(token, Date.now() + 61_000)).toBeNull();
    expect(await tokens.read(token, Date.now() + 61_000)).toBeNull();
  });

  it('refuses a token altered after a valid one was read, and one signed with another secret', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue('user-1', 'tenant-1');
    await tokens.read(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(await tokens.read(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.read(await new TokenService(`${SECRET}-other`).issue('user-1', 'tenant-1'))).toBeNull();
  });

  it('reads when a token was issued to the millisecond, and a token from before that claim as issued at the end of its second', async () => {
    const tokens = new TokenService(SECRET);
    const at = Date.UTC(2026, 10, 26, 6, 0, 0, 250);
    expect(await tokens.read(await tokens.issue('user-1', 'tenant-1', at), at)).toMatchObject({ iat: Math.floor(at / 1000), issuedAtMs: at });
    const iat = Math.floor(at / 1000);
    const legacy = await sign({ sub: 'user-1', tenant: 'tenant-1', iat, exp: iat + WEEK_S }, SECRET, 'HS256');
    expect(await tokens.read(legacy, at)).toMatchObject({ iat, issuedAtMs: iat * 1000 + 999 });
  });
});
