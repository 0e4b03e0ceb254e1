import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ME } from '../../test/fixtures';
import { PUBLIC_CONFIG, renderRoutes, type FakeApi } from '../../test/render';
import { CustomerRoutes } from './customer-routes';

/** A way to render the customer routes against a fake API (test data: test/fixtures.ts); used by the tests only. */

// Registered when a test file imports the kit: every customer test starts from an empty page and storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The calls every customer screen makes, answered with an ordinary signed-in customer. */
export const BASE_API: FakeApi = {
  'GET /api/config/public': PUBLIC_CONFIG,
  'GET /api/auth/me': ME,
  'GET /api/orders': { orders: [] },
  'GET /api/orders/limits': { daily: null, monthly: null },
  'GET /api/user/wallets': { wallets: [] },
  'GET /api/user/bank-accounts': { accounts: [] },
  'GET /api/user/notifications': { items: [], nextCursor: null, unread: 0 },
  'GET /api/user/tenant/bank-details': { bankDetails: [] },
  'GET /api/user/tenant/crypto-wallet-details': { cryptoWalletDetails: [] },
};

/** Signs in (a token in storage), answers the API from BASE_API plus `table`, and opens `path`. */
export function renderCustomer(path: string, table: FakeApi = {}, { signedIn = true } = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/*', element: <CustomerRoutes /> },
    ],
    path,
    { ...BASE_API, ...table },
    { signedIn },
  );
}
