/**
 * Every route, walked with no token, an expired token, a customer's token, the admin of another
 * brand, an operator admin and an operator's compliance officer. Admin routes refuse customers; a customer never reads or changes
 * another customer's orders, wallets, bank accounts or attachments; a brand admin never reads or
 * acts on another brand's orders (they do not exist for them) and never reaches the operator's
 * areas (brands, global settings, projections, roles). Compliance staff read their area and act on
 * nothing: every command, customer or admin, is 403 to them; the compliance area is 403 to others.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { giveDepositWallet } from '../support/deposit-wallet';
import { createBrandAdmin } from '../support/brands';
import { createStaff } from '../support/desk-changes';
import { placeBuy } from '../support/place-orders';

type Who = 'anonymous' | 'expired' | 'owner' | 'other' | 'brandAdmin' | 'admin' | 'compliance';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('authorisation matrix', () => {
  const tokens: Partial<Record<Who, string>> = {};
  let ids: { order: string; wallet: string; bank: string; adminOrder: string; attachment: string; brand: string; customerId: string; change: string };

  it.beforeAll(async ({ t }) => {
    await giveDepositWallet(t);
    tokens.owner = await createCustomer(t, '+919180000001');
    tokens.other = await createCustomer(t, '+919180000002');
    tokens.admin = await t.adminToken();
    const ownerId = (await json(t.call('GET', '/api/auth/me', { token: tokens.owner }))).body._id;
    // Signed with the right key, but long expired.
    const longAgo = Date.now() - 30 * 24 * 3600_000;
    tokens.expired = await t.deps.tokens.issue(
      { id: randomUUID(), user_id: ownerId, tenant_id: 'default', expires_at: new Date(longAgo + 7 * 24 * 3600_000) },
      longAgo,
    );
    const order = (await placeBuy(t, tokens.owner)).body.order;
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const uploaded = (
      await json(t.call('POST', `/api/orders/${order._id}/upload`, { token: tokens.owner, body: { dataUrl: png, bankReference: 'UTR-OWNER-1' } }))
    ).body.order;
    const wallet = (await json(t.call('POST', '/api/user/wallet', { token: tokens.owner, body: { address: TRON, network: 'TRC20' } }))).body.wallet;
    const bank = (
      await json(
        t.call('POST', '/api/user/bank-account', {
          token: tokens.owner,
          body: { bankName: 'B', accountHolder: 'H', accountNumber: '1234567890', ifsc: 'HDFC0001234' },
        }),
      )
    ).body.account;
    const adminOrder = (await placeBuy(t, tokens.owner, { fiatAmount: 2100 })).body.order;
    const brand = await createBrandAdmin(t, 'matrix.example', '+919180000050');
    tokens.brandAdmin = brand.token;
    // Made as the admin CLI makes staff: on the admin screens a staff account waits for a second admin.
    const officer = { phone: '+919180000060', password: 'compliance1', roles: ['compliance'] };
    await createStaff(t, officer);
    tokens.compliance = await t.login(officer.phone, officer.password);
    ids = {
      order: order._id,
      wallet: wallet._id,
      bank: bank._id,
      adminOrder: adminOrder._id,
      attachment: uploaded.attachments[0].url,
      brand: brand.tenantId,
      customerId: ownerId,
      change: randomUUID(),
    };
  });

  const SIGNED_OUT = { anonymous: 401, expired: 401 } as const;
  // [method, path, body, expected status per caller]
  const routes = (): [string, string, unknown, Partial<Record<Who, number>>][] => [
    ['GET', '/api/health', undefined, { anonymous: 200, expired: 200, owner: 200, admin: 200 }],
    ['GET', '/api/config/public', undefined, { anonymous: 200, owner: 200, admin: 200 }],
    ['GET', '/api/auth/me', undefined, { ...SIGNED_OUT, owner: 200, admin: 200, compliance: 200 }],
    ['POST', '/api/auth/change-password', { currentPassword: 'wrong-one', newPassword: 'another1' }, { ...SIGNED_OUT, owner: 400 }],
    ['GET', '/api/orders', undefined, { ...SIGNED_OUT, owner: 200, other: 200, admin: 200, compliance: 200 }],
    ['GET', `/api/orders/${ids.order}`, undefined, { ...SIGNED_OUT, owner: 200, other: 404, admin: 404 }],
    ['POST', `/api/orders/${ids.order}/upload`, { bankReference: 'UTR1' }, { ...SIGNED_OUT, other: 404, compliance: 403 }],
    ['POST', `/api/orders/${ids.order}/cancel`, undefined, { ...SIGNED_OUT, other: 404, compliance: 403 }],
    [
      'POST',
      '/api/orders/fiat-to-crypto',
      { fiatAmount: 1000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      { ...SIGNED_OUT, owner: 201, compliance: 403 },
    ],
    ['POST', '/api/orders/crypto-to-fiat', { cryptoAmount: 5, method: 'cash' }, { ...SIGNED_OUT, owner: 201, compliance: 403 }],
    ['GET', '/api/user/wallets', undefined, { ...SIGNED_OUT, owner: 200, other: 200 }],
    ['POST', '/api/user/wallet', { address: TRON, network: 'TRC20' }, { ...SIGNED_OUT, other: 201, compliance: 403 }],
    ['PUT', `/api/user/wallet/${ids.wallet}`, { label: 'x' }, { ...SIGNED_OUT, other: 404, owner: 200, compliance: 403 }],
    ['DELETE', `/api/user/wallet/${ids.wallet}`, undefined, { ...SIGNED_OUT, other: 404, compliance: 403 }],
    ['GET', '/api/user/bank-accounts', undefined, { ...SIGNED_OUT, owner: 200 }],
    [
      'POST',
      '/api/user/bank-account',
      { bankName: 'B', accountHolder: 'H', accountNumber: '1234567890', ifsc: 'HDFC0001234' },
      { ...SIGNED_OUT, other: 201, compliance: 403 },
    ],
    ['PUT', `/api/user/bank-account/${ids.bank}`, { bankName: 'X' }, { ...SIGNED_OUT, other: 404, owner: 200, compliance: 403 }],
    ['DELETE', `/api/user/bank-account/${ids.bank}`, undefined, { ...SIGNED_OUT, other: 404, compliance: 403 }],
    ['GET', '/api/user/tenant/bank-details', undefined, { ...SIGNED_OUT, owner: 200 }],
    ['GET', '/api/user/tenant/crypto-wallet-details', undefined, { ...SIGNED_OUT, owner: 200 }],
    // Live updates: any signed-in account gets a ticket (what its stream carries is its own scope);
    // the stream itself opens only with a valid ticket, whatever the caller's token.
    ['POST', '/api/stream/ticket', undefined, { ...SIGNED_OUT, owner: 200, other: 200, brandAdmin: 200, compliance: 200, admin: 200 }],
    ['GET', '/api/stream?ticket=not-a-ticket-not-a-ticket', undefined, { anonymous: 401, owner: 401, compliance: 401, admin: 401 }],
    // Admin routes: customers are refused; the admin of another brand reads only their own brand
    // (this brand's order is not found for them) and never reaches the operator's areas.
    ...(
      [
        ['GET', '/api/admin/dashboard', undefined, 200],
        ['GET', '/api/admin/orders', undefined, 200],
        ['GET', '/api/admin/orders?tenantId=default', undefined, 403],
        ['GET', `/api/admin/orders/${ids.adminOrder}`, undefined, 404],
        ['GET', `/api/admin/orders/${ids.adminOrder}/history`, undefined, 404],
        ['POST', '/api/admin/orders/export-link', {}, 200],
        ['POST', `/api/admin/orders/${ids.adminOrder}/verify`, {}, 404],
        ['POST', `/api/admin/orders/${ids.adminOrder}/crypto-sent`, { cryptoReference: '0x1' }, 404],
        ['POST', `/api/admin/orders/${ids.adminOrder}/complete`, {}, 404],
        ['POST', `/api/admin/orders/${ids.adminOrder}/approve`, { cryptoReference: '0x1' }, 404],
        ['POST', `/api/admin/orders/${ids.adminOrder}/reject`, {}, 404],
        ['POST', '/api/admin/orders/bulk/reject', { ids: [ids.adminOrder] }, 200],
        ['GET', '/api/admin/users', undefined, 200],
        ['POST', '/api/admin/users', { phone: '+919180000099', password: 'secret1' }, 201],
        ['PUT', `/api/admin/users/${ids.customerId}/roles`, { roles: [] }, 403],
        ['GET', '/api/admin/settings', undefined, 403],
        ['PUT', '/api/admin/settings', { rates: { usdtInr: 86 } }, 403],
        ['GET', '/api/admin/tenants', undefined, 403],
        ['GET', '/api/admin/tenants/default', undefined, 403],
        ['GET', `/api/admin/tenants/${ids.brand}/settings`, undefined, 403],
        ['PUT', `/api/admin/tenants/${ids.brand}/settings`, { rates: { usdtInr: 90 } }, 403],
        ['DELETE', `/api/admin/tenants/${ids.brand}`, undefined, 403],
        ['GET', '/api/admin/projections', undefined, 403],
        ['POST', '/api/admin/projections/orders/rebuild', undefined, 403],
        // Changes to the desk's rules are the operator's (a made-up id: 404 for the operator's admin).
        ['GET', '/api/admin/changes', undefined, 403],
        ['GET', `/api/admin/changes/${ids.change}`, undefined, 403],
        ['POST', `/api/admin/changes/${ids.change}/confirm`, {}, 403],
        ['POST', `/api/admin/changes/${ids.change}/decline`, {}, 403],
        ['POST', `/api/admin/changes/${ids.change}/withdraw`, {}, 403],
        // Bank statements: every admin, on their scope's accounts (the operator's made-up account: 404 for both).
        ['GET', '/api/admin/bank-accounts', undefined, 200],
        ['GET', '/api/admin/statement-layouts', undefined, 200],
        ['GET', `/api/admin/bank-accounts/${ids.change}/statements`, undefined, 404],
        ['GET', `/api/admin/bank-accounts/${ids.change}/lines`, undefined, 404],
        ['POST', `/api/admin/bank-accounts/${ids.change}/statements`, {}, 404],
        ['GET', '/api/admin/reconciliation/unmatched', undefined, 200],
        ['GET', '/api/admin/reconciliation/orders-without-money', undefined, 200],
        ['POST', `/api/admin/bank-accounts/${ids.change}/lines/${'a'.repeat(64)}/assign`, { refCode: 'ORD-X' }, 404],
        ['POST', `/api/admin/bank-accounts/${ids.change}/lines/${'a'.repeat(64)}/refund`, { note: 'no order' }, 404],
        // The desk's books: every admin, their scope's brand (another brand's: 403).
        ['GET', '/api/admin/ledger/position', undefined, 200],
        ['GET', '/api/admin/ledger/position?tenantId=default', undefined, 403],
        ['GET', '/api/admin/ledger/entries.csv?from=2026-01-01&to=2026-01-02', undefined, 200],
        ['GET', '/api/admin/ledger/entries.csv?tenantId=default&from=2026-01-01&to=2026-01-02', undefined, 403],
      ] as [string, string, unknown, number][]
    ).map(([m, p, b, brandAdmin]): [string, string, unknown, Partial<Record<Who, number>>] => [
      m,
      p,
      b,
      { ...SIGNED_OUT, owner: 403, other: 403, brandAdmin, compliance: 403 },
    ]),
    // The compliance area: its officers only (the operator's: every brand); everyone else 403.
    ...(
      [
        ['GET', '/api/compliance/orders', undefined, 200],
        ['GET', `/api/compliance/orders?asOf=${new Date().toISOString()}`, undefined, 200],
        ['GET', `/api/compliance/orders/${ids.adminOrder}`, undefined, 200],
        ['GET', `/api/compliance/orders/${ids.adminOrder}/replay`, undefined, 200],
        ['GET', '/api/compliance/events', undefined, 200],
        ['GET', '/api/compliance/brands', undefined, 200],
        ['GET', '/api/compliance/access', undefined, 200],
        ['GET', '/api/compliance/signing-key', undefined, 200],
        ['POST', '/api/compliance/exports', { orderIds: [ids.adminOrder] }, 201],
        ['GET', '/api/compliance/changes', undefined, 200],
        ['GET', `/api/compliance/changes/${ids.change}`, undefined, 404],
        ['GET', '/api/compliance/ledger/position', undefined, 200],
        ['GET', '/api/compliance/ledger/entries.csv?from=2026-01-01&to=2026-01-02', undefined, 200],
      ] as [string, string, unknown, number][]
    ).map(([m, p, b, compliance]): [string, string, unknown, Partial<Record<Who, number>>] => [
      m,
      p,
      b,
      { ...SIGNED_OUT, owner: 403, other: 403, brandAdmin: 403, admin: 403, compliance },
    ]),
  ];

  it('answers each caller as it should on every route', async ({ t }) => {
    const failures: string[] = [];
    for (const who of ['anonymous', 'expired', 'other', 'owner', 'brandAdmin', 'compliance', 'admin'] as Who[]) {
      for (const [method, path, body, expected] of routes()) {
        const want = expected[who];
        if (want === undefined) continue;
        const response = await t.call(method, path, { token: tokens[who], body });
        if (response.status !== want) failures.push(`${who} ${method} ${path}: ${response.status}, expected ${want}`);
      }
    }
    // Admins last: their actions change the orders the other rows look at. Walking the lifecycle
    // in table order ends with a reject of a completed order (409): what matters here is that no
    // admin route refuses an admin, or fails.
    for (const [method, path, body] of routes()) {
      // The operator's admin deletes no brand here: the matrix's brand admin must stay signed in.
      if (!path.startsWith('/api/admin') || method === 'DELETE') continue;
      const response = await t.call(method, path, { token: tokens.admin, body });
      if ([401, 403].includes(response.status) || response.status >= 500) failures.push(`admin ${method} ${path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps attachments behind their signed link', async ({ t }) => {
    expect((await t.app.request(ids.attachment)).status).toBe(200);
    const [path] = ids.attachment.split('?');
    expect((await t.app.request(path!)).status).toBe(403);
    expect((await t.app.request(`${path}?exp=9999999999&sig=guess`)).status).toBe(403);
  });
});
