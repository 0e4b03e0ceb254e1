/**
 * A brand is found by its host in every spelling a browser may send: a fully qualified name's
 * trailing dot, capitals, a port. Before the fix `sunrise.localhost.` resolved to the operator's
 * brand, and a sign-up through it landed there (security review, issue 27).
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';

const DOMAIN = 'sunrise-host.localhost';

// The brand, made once for the file, and a request as a browser on `host` sends it.
const it = withApp.extend('sunrise', { scope: 'file' }, async ({ t }) => ({
  id: await createBrand(t, DOMAIN, 'Sunrise'),
  on: (host: string, method: string, url: string, body?: unknown) => json(t.call(method, url, { body, headers: { host } })),
}));

describe("a brand's host, however it is spelled", () => {
  it('serves the brand on its trailing-dot, capitalised and ported spellings', async ({ sunrise: { on } }) => {
    for (const host of [DOMAIN, `${DOMAIN}.`, 'SunRise-Host.Localhost.', `${DOMAIN}.:3000`]) {
      const config = await on(host, 'GET', '/api/config/public');
      expect(config.body.brand, host).toMatchObject({ name: 'Sunrise' });
    }
    expect((await on('localhost.', 'GET', '/api/config/public')).body.brand.name).not.toBe('Sunrise');
  });

  it('signs up through the trailing-dot host onto the brand, not the operator', async ({ t, sunrise: { on, id: brandId } }) => {
    const phone = '+919712340001';
    const host = `${DOMAIN}.`;
    expect((await on(host, 'POST', '/api/auth/register/otp/send', { phone })).status).toBe(200);
    expect((await on(host, 'POST', '/api/auth/register/otp/verify', { phone, otp: await t.otpFor(phone, 'register') })).status).toBe(200);
    const registered = await on(host, 'POST', '/api/auth/register', { username: 'dot host', phone, password: 'secret12' });
    expect(registered.status).toBe(201);
    const users = await t.deps.db.selectFrom('users').select(['tenant_id']).where('phone', '=', phone).execute();
    expect(users).toEqual([{ tenant_id: brandId }]);
  });
});
