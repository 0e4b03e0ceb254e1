import type { ReactElement } from 'react';
import { afterEach, expect } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { ME, optionTexts, order } from '../../../test/fixtures';
import { PUBLIC_CONFIG, renderRoutes, type FakeApi } from '../../../test/render';
import type { AdminOrder } from '../admin-api';
import { tenant } from '../tenants/tenant-test-kit';
import { AdminLayout } from './admin-layout';
import { AdminDashboardPage } from '../dashboard/admin-dashboard-page';
import { AdminOrdersPage } from '../orders/admin-orders-page';
import { AdminOrderDetailPage } from '../order-detail/admin-order-detail-page';
import { AdminUsersPage } from '../users/admin-users-page';

/** Test data and a way to render the admin screens against a fake API; used by the tests only. */

// Registered when a test file imports the kit: every admin test starts from an empty page and storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** An operator admin: the admin role on the operator's own tenant, running every brand. */
export const ADMIN_ME = {
  ...ME,
  _id: 'admin-1',
  username: 'ops',
  phone: '+919900000009',
  roles: ['admin'],
  tenantId: 'default',
  adminScope: 'all_brands' as const,
};

/** The admin of one brand (Beta Desk), who runs only its orders and users. */
export const BRAND_ADMIN_ME = { ...ADMIN_ME, _id: 'admin-2', username: 'beta-ops', phone: '+919900000008', tenantId: 't-2', adminScope: 'brand' as const };

/** The operator's brands, as GET /api/admin/tenants lists them: its own first. */
export const BRANDS = [
  tenant({ _id: 'default', name: 'USDT Desk', domain: null }),
  tenant({ _id: 't-1', name: 'Alpha Desk' }),
  tenant({ _id: 't-2', name: 'Beta Desk', domain: 'beta.example.com' }),
];

let sequence = 100;

/** An order as the admin calls return it (of Alpha Desk unless told); ids are uuids, as the server's are. */
export function adminOrder({
  brand = { _id: 't-1', name: 'Alpha Desk' },
  reason = null,
  flags = [],
  completionRequest = null,
  ...overrides
}: Partial<AdminOrder> = {}): AdminOrder {
  const _id = overrides._id ?? `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
  const base = order({ _id, refCode: `ORD-${_id.slice(-4)}`, user: { _id: 'user-1', phone: ME.phone, username: 'asha' }, ...overrides });
  return {
    ...base,
    brand,
    reason,
    flags,
    completionRequest,
    payoutApproval: null,
    payoutAwaitsApproval: null,
    bankMatch: null,
    chainCheck: null,
    ...pick(overrides),
  };
}

/** The payment facts a test sets (the bank line, the chain's reading): absent ones are null. */
const pick = ({ bankMatch, chainCheck }: Partial<AdminOrder>) => ({ ...(bankMatch ? { bankMatch } : {}), ...(chainCheck ? { chainCheck } : {}) });

/** A completion waiting for a second admin, asked by `requestedBy` (another admin unless told). */
export function completionRequest(overrides: Partial<NonNullable<AdminOrder['completionRequest']>> = {}): NonNullable<AdminOrder['completionRequest']> {
  return {
    requestId: '00000000-0000-4000-8000-00000000abcd',
    mode: 'complete',
    bankUtr: null,
    cryptoReference: '0xasked',
    rate: '88',
    fiatAmount: '250000',
    cryptoAmount: '2840.90',
    repriced: false,
    thresholdInr: '200000',
    reasons: ['above_threshold'],
    valueInr: '250000',
    rateInForce: '88',
    evidenceSince: [],
    requestedBy: { _id: 'admin-7', phone: '+919900000007', username: 'meera' },
    requestedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export const emptyPage = { items: [], page: 1, pageSize: 50, total: 0 };

const BASE_API: FakeApi = {
  'GET /api/config/public': PUBLIC_CONFIG,
  'GET /api/auth/me': ADMIN_ME,
  'GET /api/admin/orders': emptyPage,
  'GET /api/admin/tenants': { tenants: BRANDS, total: BRANDS.length },
};

/** A brand admin signs in on their brand's own address, so the page is served with its brand. */
const BRAND_ADMIN_API: FakeApi = {
  'GET /api/auth/me': BRAND_ADMIN_ME,
  'GET /api/config/public': { ...PUBLIC_CONFIG, brand: { ...PUBLIC_CONFIG.brand, name: 'Beta Desk' } },
};

interface RenderAdminOptions {
  signedIn?: boolean;
  /** Who is signed in: an operator admin (ADMIN_ME) or Beta Desk's brand admin (BRAND_ADMIN_ME). */
  as?: 'operator' | 'brand';
  /** More admin screens to mount, by their path (e.g. '/admin/changes'). */
  pages?: Record<string, ReactElement>;
}

/**
 * Signs in as an admin (a token in storage), answers the API from BASE_API plus `table`, and opens
 * `path`. Only this area's screens are mounted: /admin's other pages are stand-ins.
 */
export function renderAdmin(path: string, table: FakeApi = {}, { signedIn = true, as = 'operator', pages = {} }: RenderAdminOptions = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/dashboard', element: <h1>Customer dashboard</h1> },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { path: 'dashboard', element: <AdminDashboardPage /> },
          { path: 'orders', element: <AdminOrdersPage /> },
          { path: 'orders/:id', element: <AdminOrderDetailPage /> },
          { path: 'users', element: <AdminUsersPage /> },
          ...Object.entries(pages).map(([page, element]) => ({ path: page.replace(/^\/admin\//, ''), element })),
          { path: '*', element: <h1>Other admin page</h1> },
        ],
      },
    ],
    path,
    { ...BASE_API, ...(as === 'brand' ? BRAND_ADMIN_API : {}), ...table },
    { signedIn },
  );
}

export { lastQuery } from '../../../test/fixtures';

/** Waits until the brand filter offers every brand (once the brands have loaded), after "All brands". */
export async function expectEveryBrandIn(brand: HTMLSelectElement) {
  await waitFor(() => expect(optionTexts(brand)).toEqual(['All brands', 'USDT Desk', 'Alpha Desk', 'Beta Desk']));
}
