import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeApi, PUBLIC_CONFIG, renderWithApp, type FakeApi } from '../../../test/render';
import { ME, order } from '../../customer/customer-test-kit';
import type { AdminOrder } from '../admin-api';
import { AdminLayout } from './admin-layout';
import { AdminDashboardPage } from '../dashboard/admin-dashboard-page';
import { AdminOrdersPage } from '../orders/admin-orders-page';
import { AdminOrderDetailPage } from '../order-detail/admin-order-detail-page';

/** Test data and a way to render the admin screens against a fake API; used by the tests only. */

// Registered when a test file imports the kit: every admin test starts from an empty page and storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

export const ADMIN_ME = { ...ME, _id: 'admin-1', username: 'ops', phone: '+919900000009', roles: ['admin'] };

let sequence = 100;

/** An order as the admin calls return it; ids are uuids, as the server's are. */
export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const _id = overrides._id ?? `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
  return order({ _id, refCode: `ORD-${_id.slice(-4)}`, user: { _id: 'user-1', phone: ME.phone, username: 'asha' }, ...overrides });
}

export const emptyPage = { items: [], page: 1, pageSize: 50, total: 0 };

const BASE_API: FakeApi = {
  'GET /api/config/public': PUBLIC_CONFIG,
  'GET /api/auth/me': ADMIN_ME,
  'GET /api/admin/orders': emptyPage,
};

/**
 * Signs in as an admin (a token in storage), answers the API from BASE_API plus `table`, and opens
 * `path`. Only this area's screens are mounted: /admin's other pages are stand-ins.
 */
export function renderAdmin(path: string, table: FakeApi = {}, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('token', 'test-token');
  const api = fakeApi({ ...BASE_API, ...table });
  const app = renderWithApp(
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
          { path: '*', element: <h1>Other admin page</h1> },
        ],
      },
    ],
    path,
  );
  return { ...api, ...app };
}

export { callsTo } from '../../customer/customer-test-kit';
