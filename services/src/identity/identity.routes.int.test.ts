import { describe, expect } from 'vitest';
import { ADMIN, createCustomer } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { ensureAdmin } from './bootstrap-admin';

describe('identity API', () => {
  it('logs the bootstrap admin in with a token and the user, roles included', async ({ t }) => {
    const response = await t.call('POST', '/api/auth/login', { body: ADMIN });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { phone: string; roles: string[]; _id: string } };
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ phone: ADMIN.phone, roles: ['admin'] });
    const me = await t.call('GET', '/api/auth/me', { token: body.token });
    expect(await me.json()).toMatchObject({ _id: body.user._id, phone: ADMIN.phone, wallets: { usdt: [] } });
  });

  it('stores passwords as argon2id hashes', async ({ t }) => {
    const { rows } = await t.database.pool.query('select password_hash from users where phone = $1', [ADMIN.phone]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses wrong credentials with the same answer for unknown phones', async ({ t }) => {
    const wrong = await t.call('POST', '/api/auth/login', { body: { phone: ADMIN.phone, password: 'nope-nope' } });
    const unknown = await t.call('POST', '/api/auth/login', { body: { phone: '+910000000000', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
  });

  it('answers bad input with validation_error and details', async ({ t }) => {
    const response = await t.call('POST', '/api/auth/login', { body: { phone: '12', password: '' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; details: { path: string }[] };
    expect(body.error).toBe('validation_error');
    expect(body.details.map((d) => d.path).sort()).toEqual(['password', 'phone']);
    const broken = await t.call('POST', '/api/auth/login', { body: '{"phone":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      error: 'validation_error',
      code: 'validation_error',
      details: [{ path: '', message: 'Malformed JSON in request body' }],
    });
    // Too long is not missing: each limit says its own text.
    const long = await t.call('POST', '/api/auth/login', { body: { phone: '+919800000000', password: 'x'.repeat(201) } });
    expect(((await long.json()) as { details: unknown[] }).details).toEqual([{ path: 'password', message: 'Password must be at most 200 characters' }]);
  });

  it('needs a valid token: 401 with the specification text', async ({ t }) => {
    for (const token of [undefined, 'garbage', `${(await t.adminToken()).slice(0, -2)}xx`]) {
      const response = await t.call('GET', '/api/auth/me', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Unauthorized. Please login again.', code: 'unauthorized' });
    }
  });

  it('lets only admins list and create users: 403 with the specification text', async ({ t }) => {
    const customer = await createCustomer(t, '+919111111111');
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { phone: '+919111111112', password: 'secret1' }],
    ] as const) {
      const response = await t.call(method, '/api/admin/users', { token: customer, body });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Access denied. Admin privileges required.', code: 'forbidden' });
    }
    const anonymous = await t.call('GET', '/api/admin/users');
    expect(anonymous.status).toBe(401);
  });

  it('creates users, refuses a taken phone with 409, and lists them', async ({ t }) => {
    const admin = await t.adminToken();
    const created = await t.call('POST', '/api/admin/users', { token: admin, body: { username: 'Asha', phone: '+91 92222 22222', password: 'secret1' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ user: { username: 'Asha', phone: '+919222222222', roles: [] }, message: 'User created successfully' });

    const again = await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919222222222', password: 'another1' } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Phone number already exists', code: 'phone_taken' });

    const short = await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919333333333', password: '123' } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: 'validation_error',
      code: 'validation_error',
      details: [{ path: 'password', message: 'Password must be at least 6 characters long' }],
    });

    const list = (await (await t.call('GET', '/api/admin/users', { token: admin })).json()) as { users: { phone: string }[]; total: number };
    expect(list.users.map((u) => u.phone)).toContain('+919222222222');
    expect(list.total).toBe(list.users.length);
  });

  it('never overwrites an existing password from ADMIN_PASSWORD', async ({ t }) => {
    await ensureAdmin(t.database.db, t.deps.roles, 'default', { NODE_ENV: 'production', ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: 'a-different-password' });
    expect((await t.call('POST', '/api/auth/login', { body: ADMIN })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { phone: ADMIN.phone, password: 'a-different-password' } })).status).toBe(401);
  });
});
