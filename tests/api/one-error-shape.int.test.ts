import { describe, expect } from 'vitest';
import { createCustomer } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';

// A customer made once for the file (as its beforeAll did), and the wallets they have saved.
const it = withApp
  .extend('customer', { scope: 'file' }, ({ t }) => createCustomer(t, '+919811100001'))
  .extend(
    'savedWallets',
    { scope: 'file' },
    ({ t, customer }) =>
      async () =>
        ((await (await t.call('GET', '/api/user/wallets', { token: customer })).json()) as { wallets: unknown[] }).wallets,
  );

/** Decision 0041: every refusal in one shape, the right status for a wrong method or content type, and when to come back. */
describe('one error shape', () => {
  it('answers a method the address does not take with 405 and Allow, not 404', async ({ t }) => {
    const response = await t.call('DELETE', '/api/auth/login');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'This address does not take DELETE: use POST', code: 'method_not_allowed' });
    const unknown = await t.call('GET', '/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('refuses a body that is not JSON with 415 and changes nothing', async ({ t, customer, savedWallets }) => {
    const body = JSON.stringify({ address: 'TXYZ', network: 'TRC20' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.call('POST', '/api/user/wallet', { token: customer, body, headers: { 'content-type': type } });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'unsupported_media_type', error: expect.stringContaining('JSON') });
    }
    expect(await savedWallets()).toEqual([]);
  });

  it('refuses JSON declared in a charset other than UTF-8 with 415, and reads a UTF-8 one', async ({ t, customer, savedWallets }) => {
    const body = JSON.stringify({ address: 'TXYZ', network: 'TRC20' });
    for (const type of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"', 'application/json; charset=iso-8859-1']) {
      const response = await t.call('POST', '/api/user/wallet', { token: customer, body, headers: { 'content-type': type } });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    expect(await savedWallets()).toEqual([]);
    const utf8 = await t.call('POST', '/api/user/wallet', { token: customer, body, headers: { 'content-type': 'application/json; charset=UTF-8' } });
    expect(utf8.status).toBe(400); // read, and judged by the schema (TXYZ is no address)
  });

  it('judges an empty JSON body as {}: bad input, in the shape with its code and details', async ({ t, customer, savedWallets }) => {
    const response = await t.call('POST', '/api/user/wallet', { token: customer, headers: { 'content-type': 'application/json', 'content-length': '0' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation_error',
      code: 'validation_error',
      details: expect.arrayContaining([{ path: 'address', message: 'Please enter a valid wallet address' }]),
    });
    expect(await savedWallets()).toEqual([]);
  });

  it('says in Retry-After when to ask again after 429', async ({ t }) => {
    const phone = '+919811100002';
    expect((await t.call('POST', '/api/auth/register/otp/send', { body: { phone } })).status).toBe(200);
    const again = await t.call('POST', '/api/auth/register/otp/send', { body: { phone } });
    expect(again.status).toBe(429);
    const body = (await again.json()) as { code: string; retryAfterSeconds: number };
    expect(body.code).toBe('too_many_requests');
    expect(Number(again.headers.get('retry-after'))).toBe(body.retryAfterSeconds);
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses a page cursor naming a time the database cannot hold as bad input, not a 500 (review 11, F3)', async ({ t, customer }) => {
    const cursor = Buffer.from('-271821-04-20T00:00:00Z|00000000-0000-4000-8000-000000000001', 'utf8').toString('base64url');
    const admin = await t.adminToken();
    for (const [url, token] of [
      [`/api/user/notifications?cursor=${cursor}`, customer],
      [`/api/admin/webhooks?cursor=${cursor}`, admin],
    ] as const) {
      const response = await t.call('GET', url, { token });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ path: 'cursor' })] });
    }
  });

  it('takes back a bank account as it reads it: accountName where the specification sends accountHolder', async ({ t, customer }) => {
    const sent = { bankName: 'HDFC Bank', accountHolder: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'hdfc0001234' };
    const first = (await (await t.call('POST', '/api/user/bank-account', { token: customer, body: sent })).json()) as { account: Record<string, unknown> };
    expect(first.account).toMatchObject({ accountName: 'Ravi Kumar', ifsc: 'HDFC0001234' });
    const { _id, createdAt: _createdAt, isDefault: _isDefault, ...asRead } = first.account;
    const again = await t.call('POST', '/api/user/bank-account', { token: customer, body: { ...asRead, accountNumber: '123456789013' } });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { account: Record<string, unknown> }).account).toMatchObject({ accountName: 'Ravi Kumar', bankName: 'HDFC Bank' });
    const neither = await t.call('POST', '/api/user/bank-account', {
      token: customer,
      body: { bankName: 'HDFC Bank', accountNumber: '123456789014', ifsc: 'HDFC0001234' },
    });
    expect(neither.status).toBe(400);
    expect(await neither.json()).toMatchObject({ details: [{ path: 'accountHolder', message: 'Please fill all bank account details' }] });
  });
});
