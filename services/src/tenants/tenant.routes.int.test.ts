import { describe, expect } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { PNG_1PX } from '../../../tests/support/sample-files';
import { insertUser } from '../identity/users.repository';
import { hashPassword } from '../identity/password';
import { DEFAULT_TENANT_ID } from './tenant-store';
import { QR_UNREADABLE, QR_URL_REFUSED, qrPaysElsewhere } from '@desk/machines/tenants/wallet-qr';
import QRCode from 'qrcode';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { IMAGE_TOO_LARGE } from '@desk/machines/files/file-limits';
import { confirmPending } from '../../../tests/support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('tenants', () => {
  let admin: string;
  let brand: any;

  const form = (fields: Record<string, string>, logo?: { bytes: Buffer; type: string }) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (logo) body.set('logo', new Blob([logo.bytes], { type: logo.type }), 'logo.png');
    return body;
  };
  const it = withApp
    .extend(
      'send',
      ({ t }) =>
        (method: string, url: string, body: FormData | unknown, token = admin, headers: Record<string, string> = {}) =>
          json(
            body instanceof FormData
              ? t.app.request(url, { method, body, headers: { authorization: `Bearer ${token}`, ...headers } })
              : t.call(method, url, { token, body, headers }),
          ),
    )
    /** A change that waits for a second admin (new accounts and wallets, decision 0030), confirmed from the server; the tenant after it. */
    .extend('confirmed', ({ t, send }) => async (url: string, body: unknown) => {
      const asked = await send('PUT', url, body);
      expect(asked.status).toBe(202);
      await confirmPending(t, asked.body.change._id);
      return { asked, tenant: (await send('GET', url, undefined)).body };
    });

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
  });

  it('shows the untouched default tenant without a made-up creation time', async ({ send }) => {
    const untouched = await send('GET', `/api/admin/tenants/${DEFAULT_TENANT_ID}`, undefined);
    expect(untouched.status).toBe(200);
    expect(untouched.body).toMatchObject({ _id: DEFAULT_TENANT_ID, createdAt: null, updatedAt: null });
    const listed = await send('GET', '/api/admin/tenants', undefined);
    expect(listed.body.tenants.find((x: any) => x._id === DEFAULT_TENANT_ID)).toMatchObject({ createdAt: null });
  });

  it('creates a tenant with a logo checked by content, served on a signed link', async ({ t, send }) => {
    const created = await send(
      'POST',
      '/api/admin/tenants',
      form({ name: 'Brand One', domain: 'Brand.Example.com', primaryColor: '#aa3300' }, { bytes: PNG_1PX, type: 'image/png' }),
    );
    expect(created.status).toBe(201);
    // Made at once without its domain, which waits for a second admin (the review's F11: one admin took any host).
    expect(created.body).toMatchObject({
      tenant: { name: 'Brand One', domain: null, primaryColor: '#aa3300', bankAccounts: [], cryptoWallets: [] },
      message: expect.stringContaining('the domain waits for a second admin'),
      domainChange: {
        status: 'pending',
        title: 'Where visitors land (domain)',
        reasons: ['It gives the brand the domain brand.example.com: visitors to that host land on this brand'],
      },
    });
    await confirmPending(t, created.body.domainChange._id);
    brand = (await send('GET', `/api/admin/tenants/${created.body.tenant._id}`, undefined)).body;
    expect(brand).toMatchObject({ name: 'Brand One', domain: 'brand.example.com', primaryColor: '#aa3300' });
    const logo = await t.app.request(brand.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');

    // The web client sends every POST with an Idempotency-Key: the form still reaches the route whole, and a retry is answered once.
    const keyed = () => form({ name: 'Brand Keyed' }, { bytes: PNG_1PX, type: 'image/png' });
    const first = await send('POST', '/api/admin/tenants', keyed(), admin, { 'idempotency-key': 'tenant-keyed-1' });
    expect(first.status).toBe(201);
    const again = await send('POST', '/api/admin/tenants', keyed(), admin, { 'idempotency-key': 'tenant-keyed-1' });
    expect(again.body.tenant._id).toBe(first.body.tenant._id);
    const deletion = await send('DELETE', `/api/admin/tenants/${first.body.tenant._id}`, undefined);
    expect(deletion.status).toBe(202);
    await confirmPending(t, deletion.body.change._id);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await send('POST', '/api/admin/tenants', form({ name: 'Bad' }, { bytes: svg, type: 'image/png' }));
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].message).toBe('Only PNG, JPEG, GIF or WebP images are accepted');
    expect((await send('POST', '/api/admin/tenants', form({ name: 'Twin' }))).status).toBe(201);
  });

  it('records changes to receiving accounts as events, with QR codes made from addresses', async ({ t, send }) => {
    const edit = await send(
      'PUT',
      `/api/admin/tenants/${brand._id}`,
      {
        bankAccounts: [
          { bankName: 'HDFC Bank', accountName: 'Brand One Pvt Ltd', accountNumber: '50200011112222', ifsc: 'hdfc0000123' },
          { bankName: 'ICICI Bank', accountName: 'Brand One Pvt Ltd', accountNumber: '000405123456', ifsc: 'ICIC0000004', isActive: false },
        ],
        cryptoWallets: [
          { network: 'TRC20', address: TRON },
          { network: 'ERC20', address: EVM, isActive: false },
        ],
      },
      admin,
      { 'x-forwarded-for': '192.0.2.44' },
    );
    // New receiving accounts wait for a second admin; the request keeps who asked and from where.
    expect(edit.status).toBe(202);
    expect((await t.deps.eventStore.readStream(`desk-change-${edit.body.change._id}`))[0]!.metadata).toMatchObject({
      ip: '192.0.2.44',
      actor: { role: 'admin' },
    });
    await confirmPending(t, edit.body.change._id);
    const tenant = (await send('GET', `/api/admin/tenants/${brand._id}`, undefined)).body;
    expect(tenant.bankAccounts.map((b: any) => [b.ifsc, b.isActive])).toEqual([
      ['HDFC0000123', true],
      ['ICIC0000004', false],
    ]);
    const qr = await t.app.request(tenant.cryptoWallets[0].qrCodeUrl);
    expect(qr.headers.get('content-type')).toBe('image/png');

    const events = await t.deps.eventStore.readStream(`tenant-${brand._id}`);
    expect(events.map((e) => e.type)).toEqual(['TenantCreated', 'TenantProfileChanged', 'TenantBankAccountsChanged', 'TenantWalletsChanged']);
    expect(events[2]!.metadata).toMatchObject({ actor: { id: 'admin-cli', role: 'system' }, causationId: `desk-change-${edit.body.change._id}` });

    // Sending the same lists back (with the links we gave) records nothing new, and needs no second admin.
    await send('PUT', `/api/admin/tenants/${brand._id}`, {
      bankAccounts: tenant.bankAccounts.map(({ _id, ...b }: any) => b),
      cryptoWallets: tenant.cryptoWallets.map(({ _id, ...w }: any) => w),
    });
    expect(await t.deps.eventStore.readStream(`tenant-${brand._id}`)).toHaveLength(4);

    const wrong = await send('PUT', `/api/admin/tenants/${brand._id}`, { cryptoWallets: [{ network: 'BEP20', address: TRON }] });
    expect(wrong.status).toBe(400);
  });

  it('keeps no file stored for a change that is then refused', async ({ t, send }) => {
    const storedFiles = async () => Number((await t.database.pool.query('select count(*) as n from stored_files')).rows[0].n);
    const before = await storedFiles();
    // The first wallet's QR is made and stored, then the second wallet's image is refused.
    const badQr = await send('PUT', `/api/admin/tenants/${brand._id}`, {
      cryptoWallets: [
        { network: 'TRC20', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC' },
        { network: 'ERC20', address: EVM, qrCodeUrl: 'data:image/png;base64,@@@' },
      ],
    });
    expect(badQr.status).toBe(400);
    expect(badQr.body.details[0]).toEqual({ path: 'qrCodeUrl', message: 'The image must be a base64 data URL' });
    // The logo is stored, then the domain is found to be another tenant's.
    await t.project();
    const taken = await send('POST', '/api/admin/tenants', form({ name: 'Copycat', domain: 'brand.example.com' }, { bytes: PNG_1PX, type: 'image/png' }));
    expect(taken).toEqual({ status: 409, body: { error: 'This domain is already used by another tenant', code: 'domain_taken' } });
    expect(await storedFiles()).toBe(before);
  });

  it("takes an uploaded QR only when it pays the wallet's own address, and no link to another site (security review)", async ({ t, send, confirmed }) => {
    const storedFiles = async () => Number((await t.database.pool.query('select count(*) as n from stored_files')).rows[0].n);
    const qrOf = async (text: string) => `data:image/png;base64,${(await QRCode.toBuffer(text, { type: 'png', margin: 2, width: 240 })).toString('base64')}`;
    const before = await storedFiles();

    // A QR of another address (a swapped deposit wallet), or a picture with no QR in it: refused, nothing stored.
    for (const [qrCodeUrl, message] of [
      [await qrOf('TAttackerAddress000000000000000000'), qrPaysElsewhere('TAttackerAddress000000000000000000', TRON)],
      [await qrOf(`tron:TAttackerAddress000000000000000000?amount=5`), qrPaysElsewhere('TAttackerAddress000000000000000000', TRON)],
      [`data:image/png;base64,${PNG_1PX.toString('base64')}`, QR_UNREADABLE],
      ['https://qr.brand.invalid/wallets/trc20.png', QR_URL_REFUSED],
    ] as const) {
      const refused = await send('PUT', `/api/admin/tenants/${brand._id}`, { cryptoWallets: [{ network: 'TRC20', address: TRON, qrCodeUrl }] });
      expect(refused, qrCodeUrl.slice(0, 40)).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'qrCodeUrl', message }] },
      });
    }
    expect(await storedFiles()).toBe(before);

    // The QR of the wallet's own address (a payment URI too) is stored and served on a signed link.
    const { tenant } = await confirmed(`/api/admin/tenants/${brand._id}`, {
      cryptoWallets: [{ network: 'TRC20', address: TRON, qrCodeUrl: await qrOf(`tron:${TRON}`) }],
    });
    const served = tenant.cryptoWallets[0].qrCodeUrl as string;
    const image = await t.app.request(served);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    // Bytes and size are checked before anything is read.
    const notAnImage = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const tooBig = `data:image/png;base64,${Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`;
    for (const [qrCodeUrl, message] of [
      [notAnImage, 'Only PNG, JPEG, GIF or WebP images are accepted'],
      [tooBig, IMAGE_TOO_LARGE],
    ]) {
      const refused = await send('PUT', `/api/admin/tenants/${brand._id}`, { cryptoWallets: [{ network: 'TRC20', address: TRON, qrCodeUrl }] });
      expect(refused.body.details).toEqual([{ path: 'qrCodeUrl', message }]);
    }
  });

  it('never gives customers a QR link kept from before links were refused, and draws one on the next edit', async ({ t, send, confirmed }) => {
    // A wallet recorded with a link to another site, as the desk took them before 2026-11-27.
    const legacy = 'https://qr.brand.invalid/old-trc20.png';
    await t.deps.tenants.change(brand._id, systemMetadata(brand._id, 'test'), {
      cryptoWallets: [{ network: 'TRC20', address: TRON, qrFileId: null, qrUrl: legacy, isActive: true }],
    });
    expect((await send('GET', `/api/admin/tenants/${brand._id}`, undefined)).body.cryptoWallets[0].qrCodeUrl).toBe(legacy);
    const phone = '+919811000077';
    expect((await send('POST', '/api/admin/users', { phone, password: 'secret1', tenantId: brand._id })).status).toBe(201);
    const host = { host: brand.domain as string };
    const customer = (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'secret1' }, headers: host }))).body.token as string;
    const details = await json(t.call('GET', '/api/user/tenant/crypto-wallet-details', { token: customer, headers: host }));
    expect(details.body.cryptoWalletDetails).toEqual([{ network: 'TRC20', address: TRON, qrCodeUrl: null }]);

    await confirmed(`/api/admin/tenants/${brand._id}`, { cryptoWallets: [{ network: 'TRC20', address: TRON }] });
    const [last] = (await t.deps.eventStore.readStream(`tenant-${brand._id}`)).slice(-1);
    expect(last).toMatchObject({ type: 'TenantWalletsChanged', data: { cryptoWallets: [{ qrFileId: expect.any(String) }] } });
    expect((last!.data as { cryptoWallets: { qrUrl?: string }[] }).cryptoWallets[0]!.qrUrl).toBeUndefined();
  });

  it('resolves the tenant from the host and shows its brand, rates and receiving accounts', async ({ t, send }) => {
    await t.project();
    const config = await json(t.app.request('/api/config/public', { headers: { host: 'brand.example.com' } }));
    expect(config.body.brand).toMatchObject({ name: 'Brand One', primaryColor: '#aa3300' });
    expect(config.body.brand.logoUrl).toContain('/api/files/');
    const viaProxy = await json(t.app.request('/api/config/public', { headers: { host: 'internal:3000', 'x-forwarded-host': 'brand.example.com' } }));
    expect(viaProxy.body.brand.name).toBe('Brand One');
    expect((await json(t.app.request('/api/config/public', { headers: { host: 'unknown.example.org' } }))).body.brand).toEqual({
      name: 'USDT Desk',
      logoUrl: null,
      primaryColor: '#0d6efd',
      support: { phone: null, email: null, whatsappUrl: null, hours: null },
    });

    // A customer signs up on the brand's host: they, their orders and their payment details belong to it.
    const host = { host: 'brand.example.com' };
    const phone = '+919100000001';
    await t.app.request('/api/auth/register/otp/send', {
      method: 'POST',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    const code = await t.otpFor(phone, 'register');
    await t.app.request('/api/auth/register/otp/verify', {
      method: 'POST',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({ phone, otp: code }),
    });
    const registered = await json(
      t.app.request('/api/auth/register', {
        method: 'POST',
        headers: { ...host, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Brand customer', phone, password: 'secret12' }),
      }),
    );
    expect(registered.body.user.tenantId).toBe(brand._id);
    const token = registered.body.token;

    expect((await send('GET', '/api/user/tenant/bank-details', undefined, token)).body).toEqual({
      bankDetails: [{ bankName: 'HDFC Bank', accountName: 'Brand One Pvt Ltd', accountNumber: '50200011112222', ifsc: 'HDFC0000123' }],
    });
    const wallets = (await send('GET', '/api/user/tenant/crypto-wallet-details', undefined, token)).body.cryptoWalletDetails;
    expect(wallets).toEqual([{ network: 'TRC20', address: TRON, qrCodeUrl: expect.stringContaining('/api/files/') }]);
    const sell = await send('POST', '/api/orders/crypto-to-fiat', { cryptoAmount: 10, method: 'cash' }, token);
    expect(sell.body.order).toMatchObject({ depositAddress: TRON });
    expect((await json(t.call('GET', `/api/orders/${sell.body.order._id}`, { token }))).body.user.phone).toBe(phone);

    // Accounts do not cross tenants: the same phone and password mean nothing on another brand.
    expect(
      (
        await json(
          t.app.request('/api/auth/login', {
            method: 'POST',
            headers: { host: 'other.example.org', 'content-type': 'application/json' },
            body: JSON.stringify({ phone, password: 'secret12' }),
          }),
        )
      ).status,
    ).toBe(401);
    expect((await send('GET', '/api/user/tenant/bank-details', undefined, await t.adminToken())).body.bankDetails).toEqual([]);
  });

  it('lists, refuses duplicate domains, and deletes once a second admin confirms (never the default)', async ({ t, send }) => {
    await t.project();
    const list = await send('GET', '/api/admin/tenants', undefined);
    expect(list.body.tenants.map((x: any) => x.name)).toEqual(expect.arrayContaining(['USDT Desk', 'Brand One', 'Twin']));
    const twin = list.body.tenants.find((x: any) => x.name === 'Twin');
    expect((await send('PUT', `/api/admin/tenants/${twin._id}`, { domain: 'brand.example.com' })).status).toBe(409);
    const deletion = await send('DELETE', `/api/admin/tenants/${twin._id}`, undefined);
    expect(deletion).toMatchObject({
      status: 202,
      body: {
        pendingConfirmation: true,
        change: { kind: 'brand_deletion', title: 'Delete a brand', summary: [{ what: 'Brand', before: 'Twin', after: 'deleted' }] },
      },
    });
    expect((await send('GET', `/api/admin/tenants/${twin._id}`, undefined)).status).toBe(200);
    await confirmPending(t, deletion.body.change._id);
    expect((await send('GET', `/api/admin/tenants/${twin._id}`, undefined)).status).toBe(404);
    expect(await send('DELETE', '/api/admin/tenants/default', undefined)).toMatchObject({ status: 409, body: { code: 'default_tenant' } });
    expect(await send('DELETE', `/api/admin/tenants/${twin._id}`, undefined)).toMatchObject({ status: 404 });
  });

  it("is for the operator's admins only", async ({ t, send }) => {
    const brandAdmin = await insertUser(t.database.db, {
      tenantId: brand._id,
      username: 'brand admin',
      phone: '+919100000099',
      passwordHash: await hashPassword('brand-admin'),
      roles: ['admin'],
    });
    expect(brandAdmin).not.toBeNull();
    const login = await json(
      t.app.request('/api/auth/login', {
        method: 'POST',
        headers: { host: 'brand.example.com', 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '+919100000099', password: 'brand-admin' }),
      }),
    );
    expect((await send('GET', '/api/admin/tenants', undefined, login.body.token)).status).toBe(403);
    expect((await send('GET', '/api/admin/orders', undefined, login.body.token)).status).toBe(200);
  });
});
