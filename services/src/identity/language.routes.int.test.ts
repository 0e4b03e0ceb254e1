import { describe, expect } from 'vitest';
import { createCustomer } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';

/** A signed-in person's language for the screens (decision 0036): kept with the account, only their own. */
describe('PUT /api/auth/language', () => {
  const it = withApp.extend(
    'me',
    ({ t }) =>
      async (token: string) =>
        (await (await t.call('GET', '/api/auth/me', { token })).json()) as { _id: string; language: string | null },
  );

  it('is null until chosen, then kept with the account and answered by /auth/me', async ({ t, me }) => {
    const token = await createCustomer(t, '+919222000001');
    expect((await me(token)).language).toBeNull();

    const chosen = await t.call('PUT', '/api/auth/language', { token, body: { language: 'hi' } });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ language: 'hi' });
    // The row, and /auth/me at once (the signed-in users' cache forgets the old row).
    const { _id } = await me(token);
    const { rows } = await t.database.pool.query('select language from users where id = $1', [_id]);
    expect(rows[0].language).toBe('hi');
    expect((await me(token)).language).toBe('hi');

    // Another browser signing in to the same account reads the same choice.
    const again = await t.login('+919222000001', 'secret1');
    expect((await me(again)).language).toBe('hi');

    await t.call('PUT', '/api/auth/language', { token, body: { language: 'en' } });
    expect((await me(token)).language).toBe('en');
  });

  it('changes only the caller: another account keeps its own', async ({ t, me }) => {
    const first = await createCustomer(t, '+919222000002');
    const second = await createCustomer(t, '+919222000003');
    await t.call('PUT', '/api/auth/language', { token: first, body: { language: 'hi' } });
    expect((await me(second)).language).toBeNull();
  });

  it('refuses anything but en or hi with validation_error, and changes nothing', async ({ t, me }) => {
    const token = await createCustomer(t, '+919222000004');
    for (const body of [{ language: 'fr' }, { language: '' }, { language: 7 }, {}, { language: 'HI' }]) {
      const response = await t.call('PUT', '/api/auth/language', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'validation_error',
        code: 'validation_error',
        details: [{ path: 'language', message: 'Language must be en or hi' }],
      });
    }
    const broken = await t.call('PUT', '/api/auth/language', { token, body: '{"language":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect((await me(token)).language).toBeNull();
  });

  it('needs a signed-in caller', async ({ t }) => {
    const response = await t.call('PUT', '/api/auth/language', { body: { language: 'hi' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Unauthorized. Please login again.', code: 'unauthorized' });
  });
});
