/**
 * One operator desk over many brands: a second brand's customers trade at the operator's Global
 * Settings (or the brand's overrides), the operator's admins see and act on every brand, a brand
 * admin only on theirs, and a deleted brand's users are signed out.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { giveDepositWallet } from '../support/deposit-wallet';
import { createBrand } from '../support/brands';
import { changeConfirmed, confirmPending, createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };
const HOST = 'b.example';

// Brand B (its deposit wallet, a customer signed up on its host) beside the operator's brand (a
// customer's buy), under Global Settings a second admin confirmed: set up once for the file, for
// every test; with a request as a browser on a host sends it.
const it = withApp.extend('brand', { scope: 'file', auto: true }, async ({ t, admin: operator }) => {
  /** A request as a browser on `host` sends it. */
  const on = (host: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) =>
    json(t.call(method, url, { ...options, headers: { host } }));
  const register = async (host: string, phone: string) => {
    await on(host, 'POST', '/api/auth/register/otp/send', { body: { phone } });
    await on(host, 'POST', '/api/auth/register/otp/verify', { body: { phone, otp: await t.otpFor(phone, 'register') } });
    const registered = await on(host, 'POST', '/api/auth/register', { body: { username: `user ${phone}`, phone, password: 'secret12' } });
    expect(registered.status).toBe(201);
    return registered.body.token as string;
  };
  // 88.5 is further than the re-quote band from 85: a second admin confirms it (decision 0030).
  await changeConfirmed(t, 'PUT', '/api/admin/settings', {
    token: operator,
    body: { rates: { usdt_bank_buy: 88.5, usdt_cash_sell: 84 }, fees: { fiatToCryptoPercent: 0.5 } },
  });
  const brandId = await createBrand(t, HOST, 'Brand B');
  await giveDepositWallet(t, brandId);
  const brandCustomer = await register(HOST, '+919700000001');
  const defaultCustomer = await createCustomer(t, '+919700000002');
  const defaultOrder: string = (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: defaultCustomer, body: BUY }))).body.order._id;
  return { brandId, brandCustomer, defaultOrder, on };
});

describe('brands', () => {
  // What a test makes for the later ones: brand B's order at its overrides, and a brand admin's token.
  let brandOrder: string;
  let brandAdmin: string;

  it("prices a brand's orders at the Global Settings, then at the brand's own overrides", async ({ t, admin: operator, brand }) => {
    const { brandId, brandCustomer, on } = brand;
    const config = await on(HOST, 'GET', '/api/config/public');
    expect(config.body).toMatchObject({ rates: { usdt_bank_buy: 88.5 }, fees: { fiatToCryptoPercent: 0.5 }, brand: { name: 'Brand B' } });
    const atGlobal = await on(HOST, 'POST', '/api/orders/fiat-to-crypto', { token: brandCustomer, body: BUY });
    expect(atGlobal.body.order).toMatchObject({ rate: '88.5', feePercent: '0.5', cryptoAmount: '112.42' });

    const saved = await json(
      t.call('PUT', `/api/admin/tenants/${brandId}/settings`, {
        token: operator,
        body: { rates: { usdt_bank_buy: 90 }, limits: { buyInr: { min: 500, max: 50000 } } },
        headers: { 'x-forwarded-for': '198.51.100.23' },
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      overrides: { rates: { usdt_bank_buy: 90 }, fees: {}, limits: { buyInr: { min: 500, max: 50000 } } },
      global: { rates: { usdt_bank_buy: 88.5 } },
      effective: { rates: { usdt_bank_buy: 90, usdt_cash_sell: 84 }, fees: { fiatToCryptoPercent: 0.5 }, limits: { buyInr: { min: 500, max: 50000 } } },
      updatedBy: { phone: '+919000000001' },
    });
    const [overridden] = (await t.deps.eventStore.readStream(`tenant-${brandId}`)).filter((e) => e.type === 'TenantSettingsOverridden');
    expect(overridden!.metadata).toMatchObject({ actor: { role: 'admin' }, tenantId: brandId, ip: '198.51.100.23' });

    expect((await on(HOST, 'GET', '/api/config/public')).body.rates.usdt_bank_buy).toBe(90);
    expect(((await t.call('GET', '/api/config/public').then((r) => r.json())) as any).rates.usdt_bank_buy).toBe(88.5);
    const overLimit = await on(HOST, 'POST', '/api/orders/fiat-to-crypto', { token: brandCustomer, body: { ...BUY, fiatAmount: 60000 } });
    expect(overLimit).toMatchObject({ status: 400, body: { details: [{ path: 'fiatAmount', message: 'Maximum order amount is ₹50,000' }] } });

    const atOverride = await on(HOST, 'POST', '/api/orders/fiat-to-crypto', { token: brandCustomer, body: BUY });
    expect(atOverride.body.order).toMatchObject({ rate: '90', feePercent: '0.5' });
    brandOrder = atOverride.body.order._id;
    const [placed] = await t.deps.eventStore.readStream(`order-${brandOrder}`);
    expect((placed!.data as any).rateSource).toEqual({ settingsRevision: '0', overrideRevision: expect.stringMatching(/^\d+$/), rateKey: 'usdt_bank_buy' });
    expect(placed!.metadata.tenantId).toBe(brandId);
  });

  it('refuses bad overrides with validation errors and records nothing', async ({ t, admin: operator, brand: { brandId } }) => {
    const before = (await t.deps.eventStore.readStream(`tenant-${brandId}`)).length;
    for (const body of [
      { rates: { usdt_bank_buy: 0 } },
      { rates: { usdt_bank_buy: 412345678901 } },
      { fees: { cryptoToFiatPercent: 90 } },
      { limits: { sellUsdt: { min: 50, max: 10 } } },
      { rates: { usdtInr: 'abc' } },
    ]) {
      const answer = await json(t.call('PUT', `/api/admin/tenants/${brandId}/settings`, { token: operator, body }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('validation_error');
    }
    expect((await t.deps.eventStore.readStream(`tenant-${brandId}`)).length).toBe(before);
    expect((await json(t.call('GET', '/api/admin/tenants/no-such-brand/settings', { token: operator }))).status).toBe(404);
  });

  it("shows the operator every brand's orders with their brand, and filters by brand", async ({ t, admin: operator, brand: { brandId, defaultOrder } }) => {
    await t.project();
    const all = await json(t.call('GET', '/api/admin/orders', { token: operator }));
    expect(all.body.total).toBe(3);
    const brandRow = all.body.items.find((o: any) => o._id === brandOrder);
    expect(brandRow.brand).toEqual({ _id: brandId, name: 'Brand B' });
    expect(all.body.items.find((o: any) => o._id === defaultOrder).brand).toEqual({ _id: 'default', name: 'USDT Desk' });

    const onlyB = await json(t.call('GET', `/api/admin/orders?tenantId=${brandId}`, { token: operator }));
    expect(onlyB.body.items.map((o: any) => o.brand.name)).toEqual(['Brand B', 'Brand B']);
    expect(onlyB.body.total).toBe(2);

    const dashboard = await json(t.call('GET', '/api/admin/dashboard', { token: operator }));
    expect(dashboard.body.stats).toMatchObject({ totalOrders: 3, totalUsers: 2 });
    const brandDashboard = await json(t.call('GET', `/api/admin/dashboard?tenantId=${brandId}`, { token: operator }));
    expect(brandDashboard.body.stats).toMatchObject({ totalOrders: 2, totalUsers: 1 });

    const link = await json(t.call('POST', '/api/admin/orders/export-link', { token: operator, body: {} }));
    const rows = parse(await (await t.app.request(link.body.url)).text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.brand).sort()).toEqual(['Brand B', 'Brand B', 'USDT Desk']);

    const users = await json(t.call('GET', `/api/admin/users?tenantId=${brandId}`, { token: operator }));
    expect(users.body.users.map((u: any) => [u.phone, u.brand.name])).toEqual([['+919700000001', 'Brand B']]);
  });

  it("lets the operator act on a brand's order, recording the order's brand on the event", async ({ t, admin: operator, brand: { brandId } }) => {
    const verified = await json(t.call('POST', `/api/admin/orders/${brandOrder}/verify`, { token: operator, body: {} }));
    expect(verified).toMatchObject({ status: 200, body: { order: { status: 'fiat_received', brand: { name: 'Brand B' } } } });
    const events = await t.deps.eventStore.readStream(`order-${brandOrder}`);
    expect(events.at(-1)!.metadata).toMatchObject({ tenantId: brandId, actor: { role: 'admin' } });
  });

  it('refuses a pasted UTR as the completion rate and records nothing', async ({ t, admin: operator }) => {
    const before = (await t.deps.eventStore.readStream(`order-${brandOrder}`)).length;
    const answer = await json(
      t.call('POST', `/api/admin/orders/${brandOrder}/complete`, { token: operator, body: { cryptoReference: '0xabc', rate: '412345678901' } }),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'rate', message: 'Rate must be between 0.01 and 100000' }] },
    });
    expect((await t.deps.eventStore.readStream(`order-${brandOrder}`)).length).toBe(before);
  });

  it("creates a brand admin as an event with who, when and where, once a second admin confirms it; they sign in on the brand's host", async ({
    t,
    admin: operator,
    brand,
  }) => {
    const { brandId, on } = brand;
    // A staff account waits for a second admin (decision 0030): the request says who asked, the account's events who confirmed.
    const asked = await json(
      t.call('POST', '/api/admin/users', {
        token: operator,
        body: { username: 'B admin', phone: '+919700000009', password: 'brand-admin', roles: ['admin'], tenantId: brandId },
        headers: { 'x-forwarded-for': '198.51.100.77', 'user-agent': 'roles-test' },
      }),
    );
    expect(asked).toMatchObject({ status: 202, body: { change: { kind: 'staff_account', brand: { _id: brandId, name: 'Brand B' } } } });
    expect((await t.deps.eventStore.readStream(`desk-change-${asked.body.change._id}`))[0]!.metadata).toMatchObject({
      actor: { role: 'admin' },
      tenantId: brandId,
      ip: '198.51.100.77',
      userAgent: 'roles-test',
    });
    const secondId = await createStaff(t, { phone: '+919700000090', password: 'second-admin', roles: ['admin'] });
    const second = await t.login('+919700000090', 'second-admin');
    const confirmed = await json(
      t.call('POST', `/api/admin/changes/${asked.body.change._id}/confirm`, { token: second, body: {}, headers: { 'x-forwarded-for': '198.51.100.78' } }),
    );
    expect(confirmed.status).toBe(200);
    const users = (await json(t.call('GET', `/api/admin/users?tenantId=${brandId}`, { token: operator }))).body.users;
    const created = users.find((u: any) => u.phone === '+919700000009');
    expect(created).toMatchObject({ roles: ['admin'], tenantId: brandId, adminScope: 'brand', brand: { name: 'Brand B' } });
    const [registered, granted] = await t.deps.eventStore.readStream(`user-${created._id}`);
    expect(registered).toMatchObject({ type: 'UserRegistered', data: { tenantId: brandId, roles: ['admin'], via: 'admin' } });
    expect(granted).toMatchObject({
      type: 'UserRolesChanged',
      data: { userId: created._id, tenantId: brandId, roles: ['admin'], previousRoles: [] },
      metadata: { actor: { id: secondId, role: 'admin' }, tenantId: brandId, ip: '198.51.100.78', causationId: `desk-change-${asked.body.change._id}` },
    });
    // The operator's own host does not know this account; on the brand's, a password an admin chose is not a staff sign-in (decision 0029).
    expect((await on('localhost', 'POST', '/api/auth/login', { body: { phone: '+919700000009', password: 'brand-admin' } })).status).toBe(401);
    expect((await on(HOST, 'POST', '/api/auth/login', { body: { phone: '+919700000009', password: 'brand-admin' } })).body.code).toBe(
      'password_reset_required',
    );
    // A brand admin made as the admin CLI makes one signs in there.
    await createStaff(t, { phone: '+919700000008', password: 'brand-admin', roles: ['admin'], tenantId: brandId, username: 'B admin two' });
    const login = await on(HOST, 'POST', '/api/auth/login', { body: { phone: '+919700000008', password: 'brand-admin' } });
    expect(login.body.user.adminScope).toBe('brand');
    brandAdmin = login.body.token;
  });

  it('shows a brand admin only their brand, and refuses the rest', async ({ t, brand: { brandId, defaultOrder } }) => {
    const list = await json(t.call('GET', '/api/admin/orders', { token: brandAdmin }));
    expect(list.body.items.map((o: any) => o.brand._id)).toEqual([brandId, brandId]);
    expect((await json(t.call('GET', '/api/admin/dashboard', { token: brandAdmin }))).body.stats).toMatchObject({ totalOrders: 2, totalUsers: 1 });
    expect((await json(t.call('GET', '/api/admin/users', { token: brandAdmin }))).body.users.map((u: any) => u.tenantId)).toEqual([brandId, brandId, brandId]);
    expect((await t.call('GET', '/api/admin/orders?tenantId=default', { token: brandAdmin })).status).toBe(403);

    // Another brand's order does not exist for them, whatever they try.
    for (const [method, path, body] of [
      ['GET', `/api/admin/orders/${defaultOrder}`, undefined],
      ['GET', `/api/admin/orders/${defaultOrder}/history`, undefined],
      ['POST', `/api/admin/orders/${defaultOrder}/verify`, {}],
      ['POST', `/api/admin/orders/${defaultOrder}/reject`, {}],
      ['POST', `/api/admin/orders/${defaultOrder}/complete`, { cryptoReference: '0x1' }],
    ] as const) {
      expect((await json(t.call(method, path, { token: brandAdmin, body }))).body).toEqual({ error: 'Order not found', code: 'not_found' });
    }
    const bulk = await json(t.call('POST', '/api/admin/orders/bulk/reject', { token: brandAdmin, body: { ids: [defaultOrder] } }));
    expect(bulk.body).toMatchObject({ succeeded: 0, results: [{ id: defaultOrder, ok: false, code: 'not_found' }] });
    expect((await t.deps.eventStore.readStream(`order-${defaultOrder}`)).map((e) => e.type)).toEqual(['OrderPlaced']);

    const csvLink = await json(t.call('POST', '/api/admin/orders/export-link', { token: brandAdmin, body: {} }));
    const rows = parse(await (await t.app.request(csvLink.body.url)).text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.brand)).toEqual(['Brand B', 'Brand B']);

    for (const [method, path] of [
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/tenants'],
      ['GET', `/api/admin/tenants/${brandId}`],
      ['GET', `/api/admin/tenants/${brandId}/settings`],
      ['GET', '/api/admin/projections'],
    ] as const) {
      expect((await t.call(method, path, { token: brandAdmin })).status).toBe(403);
    }
  });

  it('lets a brand admin add regular users to their brand only', async ({ t, admin: operator, brand: { brandId } }) => {
    const plain = await json(t.call('POST', '/api/admin/users', { token: brandAdmin, body: { phone: '+919700000010', password: 'secret12' } }));
    expect(plain).toMatchObject({ status: 201, body: { user: { tenantId: brandId, roles: [] } } });
    expect(
      (await t.call('POST', '/api/admin/users', { token: brandAdmin, body: { phone: '+919700000011', password: 'secret12', roles: ['admin'] } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/users', { token: brandAdmin, body: { phone: '+919700000012', password: 'secret12', tenantId: 'default' } })).status,
    ).toBe(403);
    const unknownBrand = await json(
      t.call('POST', '/api/admin/users', { token: operator, body: { phone: '+919700000013', password: 'secret12', tenantId: 'no-such-brand' } }),
    );
    expect(unknownBrand).toMatchObject({ status: 400, body: { details: [{ path: 'tenantId', message: 'Brand not found' }] } });
  });

  it('changes roles as events, for operator admins only, never their own admin role', async ({ t, admin: operator, brand: { brandId } }) => {
    const users = (await json(t.call('GET', `/api/admin/users?tenantId=${brandId}`, { token: operator }))).body.users;
    const admin = users.find((u: any) => u.phone === '+919700000008');
    expect((await t.call('PUT', `/api/admin/users/${admin._id}/roles`, { token: brandAdmin, body: { roles: [] } })).status).toBe(403);
    const me = (await json(t.call('GET', '/api/auth/me', { token: operator }))).body;
    expect(await json(t.call('PUT', `/api/admin/users/${me._id}/roles`, { token: operator, body: { roles: [] } }))).toMatchObject({
      status: 409,
      body: { code: 'own_admin_role' },
    });
    expect((await t.call('PUT', `/api/admin/users/${admin._id}/roles`, { token: operator, body: { roles: ['superuser'] } })).status).toBe(400);

    // Taking the role away waits for a second admin (decision 0030); until then the brand admin acts on.
    const revoking = await json(t.call('PUT', `/api/admin/users/${admin._id}/roles`, { token: operator, body: { roles: [] } }));
    expect(revoking).toMatchObject({ status: 202, body: { change: { kind: 'roles', reasons: ['It removes the admin role'] } } });
    expect((await t.call('GET', '/api/admin/orders', { token: brandAdmin })).status).toBe(200);
    await confirmPending(t, revoking.body.change._id);
    const roleChanges = (await t.deps.eventStore.readStream(`user-${admin._id}`)).filter((e) => e.type === 'UserRolesChanged');
    expect(roleChanges.map((e) => (e.data as any).roles)).toEqual([['admin'], []]);
    expect((await t.call('GET', '/api/admin/orders', { token: brandAdmin })).status).toBe(401);
  });

  it("expires a brand's order as the system, on the brand's own tenant", async ({ t, brand: { brandId, brandCustomer, on } }) => {
    const unpaid = (await on(HOST, 'POST', '/api/orders/crypto-to-fiat', { token: brandCustomer, body: { cryptoAmount: 5, method: 'cash' } })).body.order;
    await t.deps.orders.commands.expire(unpaid._id, 'expiry-test', new Date(Date.parse(unpaid.paymentDueAt) + 1000));
    const expired = (await t.deps.eventStore.readStream(`order-${unpaid._id}`)).at(-1)!;
    expect(expired).toMatchObject({ type: 'OrderExpired', metadata: { tenantId: brandId, actor: { id: 'expiry-test', role: 'system' } } });
  });

  it('answers a body that claims to be a multipart form and is not with 400, on adding and changing a brand (third security review)', async ({
    t,
    admin: operator,
    brand,
  }) => {
    const { brandId } = brand;
    const garbage = { body: 'garbage', headers: { authorization: `Bearer ${operator}`, 'content-type': 'multipart/form-data; boundary=x' } };
    const before = (await json(t.call('GET', `/api/admin/tenants/${brandId}`, { token: operator }))).body;
    for (const [method, url] of [
      ['POST', '/api/admin/tenants'],
      ['PUT', `/api/admin/tenants/${brandId}`],
    ] as const) {
      const answer = await t.app.request(url, { method, ...garbage });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: 'validation_error', code: 'validation_error', details: [{ path: 'body' }] });
    }
    expect((await json(t.call('GET', `/api/admin/tenants/${brandId}`, { token: operator }))).body).toEqual(before);
  });

  it('takes a tenant back exactly as it was read, and an empty logo URL as no logo', async ({ t, admin: operator, brand: { brandId } }) => {
    const withLogo = new FormData();
    withLogo.set('logoUrl', 'https://cdn.example.com/b.png');
    expect(
      (await t.app.request(`/api/admin/tenants/${brandId}`, { method: 'PUT', body: withLogo, headers: { authorization: `Bearer ${operator}` } })).status,
    ).toBe(200);
    const read = (await json(t.call('GET', `/api/admin/tenants/${brandId}`, { token: operator }))).body;
    const bank = { bankName: 'HDFC Bank', accountName: 'Brand B Pvt Ltd', accountNumber: '50200011112222', ifsc: 'HDFC0000123', isActive: true };
    const added = await changeConfirmed(t, 'PUT', `/api/admin/tenants/${brandId}`, {
      token: operator,
      body: { ...read, bankAccounts: [...read.bankAccounts, bank] },
    });
    expect(added.status).toBe(202);
    expect((await json(t.call('GET', `/api/admin/tenants/${brandId}`, { token: operator }))).body).toMatchObject({
      logoUrl: 'https://cdn.example.com/b.png',
      bankAccounts: [bank],
    });

    const upload = new FormData();
    upload.set(
      'logo',
      new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')], {
        type: 'image/png',
      }),
      'logo.png',
    );
    await t.app.request(`/api/admin/tenants/${brandId}`, { method: 'PUT', body: upload, headers: { authorization: `Bearer ${operator}` } });
    const signed = (await json(t.call('GET', `/api/admin/tenants/${brandId}`, { token: operator }))).body;
    expect(signed.logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?/);
    const before = (await t.deps.eventStore.readStream(`tenant-${brandId}`)).length;
    const same = await json(t.call('PUT', `/api/admin/tenants/${brandId}`, { token: operator, body: signed }));
    expect(same.status).toBe(200);
    expect((await t.deps.eventStore.readStream(`tenant-${brandId}`)).length).toBe(before);

    const cleared = await json(t.call('PUT', `/api/admin/tenants/${brandId}`, { token: operator, body: { logoUrl: '' } }));
    expect(cleared.body.tenant.logoUrl).toBeNull();
  });

  it("signs a deleted brand's users out, refuses them at sign-in, and stops resolving its domain", async ({ t, admin: operator, brand }) => {
    const { brandId, brandCustomer, on } = brand;
    expect((await t.call('GET', '/api/auth/me', { token: brandCustomer })).status).toBe(200);
    // Deleting a brand waits for a second admin (decision 0030): confirmed from the server.
    expect((await changeConfirmed(t, 'DELETE', `/api/admin/tenants/${brandId}`, { token: operator })).confirmed).toBe(true);
    await t.project();
    expect((await t.call('GET', '/api/auth/me', { token: brandCustomer })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/orders', { token: brandAdmin })).status).toBe(401);
    expect((await on(HOST, 'POST', '/api/auth/login', { body: { phone: '+919700000001', password: 'secret12' } })).status).toBe(401);
    expect((await on(HOST, 'GET', '/api/config/public')).body.brand.name).toBe('USDT Desk');
    // The operator still sees (and can settle) the deleted brand's orders, named as they were.
    const list = await json(t.call('GET', '/api/admin/orders', { token: operator }));
    expect(list.body.items.filter((o: any) => o.brand._id === brandId).map((o: any) => o.brand.name)).toContain('Brand B');
  });
});
