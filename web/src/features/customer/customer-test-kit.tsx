import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { tronAddressFromBytes } from '@desk/machines/addresses/address-validation';
import { fakeApi, PUBLIC_CONFIG, renderWithApp, type FakeApi } from '../../test/render';
import type { BankAccount, Order, Wallet } from './customer-api';
import { CustomerRoutes } from './customer-routes';

/** Test data and a way to render the customer routes against a fake API; used by the tests only. */

// Registered when a test file imports the kit: every customer test starts from an empty page and storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

export const TRON_ADDRESS = tronAddressFromBytes(Uint8Array.from({ length: 20 }, (_, i) => i + 1));
export const EVM_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export const ME = {
  _id: 'user-1',
  username: 'asha',
  phone: '+919800000001',
  roles: [] as string[],
  tenantId: 'tenant-1',
  wallets: { usdt: [] },
  bankDetails: { accounts: [], upiId: null },
  createdAt: '2025-01-01T00:00:00.000Z',
};

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return { _id: nextId(), address: TRON_ADDRESS, network: 'TRC20', label: 'Main', isDefault: false, createdAt: '2025-01-02T00:00:00.000Z', ...overrides };
}

export function bankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return { _id: nextId(), bankName: 'HDFC Bank', accountName: 'Asha Rao', accountNumber: '0011223344', ifsc: 'HDFC0000123', isDefault: false, createdAt: '2025-01-02T00:00:00.000Z', ...overrides };
}

export function order(overrides: Partial<Order> = {}): Order {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    refCode: `ORD-${_id.slice(-4)}`,
    type: 'fiat_to_crypto',
    orderType: 'buy',
    status: 'pending',
    statusLabel: 'Pending',
    method: 'bank',
    network: 'TRC20',
    rate: '88.5',
    feePercent: '0.5',
    feeAmount: '0.57',
    fiatAmount: '10000',
    amountINR: '10000',
    cryptoAmount: '112.42',
    amountUSDT: '112.42',
    withdrawAddress: TRON_ADDRESS,
    depositAddress: null,
    payoutBankAccount: null,
    bankReference: null,
    cryptoReference: null,
    bankUtr: null,
    attachments: [],
    proofCount: 0,
    rateLockedUntil: '2025-01-15T10:05:00.000Z',
    rateLockExpiredProof: false,
    paymentDueAt: '2025-01-15T11:00:00.000Z',
    priceHistory: [],
    rejectedReason: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    completedAt: null,
    user: { _id: 'user-1', phone: ME.phone, username: 'asha' },
    ...overrides,
  };
}

/** The calls every customer screen makes, answered with an ordinary signed-in customer. */
export const BASE_API: FakeApi = {
  'GET /api/config/public': PUBLIC_CONFIG,
  'GET /api/auth/me': ME,
  'GET /api/orders': { orders: [] },
  'GET /api/user/wallets': { wallets: [] },
  'GET /api/user/bank-accounts': { accounts: [] },
  'GET /api/user/tenant/bank-details': { bankDetails: [] },
  'GET /api/user/tenant/crypto-wallet-details': { cryptoWalletDetails: [] },
};

/** Signs in (a token in storage), answers the API from BASE_API plus `table`, and opens `path`. */
export function renderCustomer(path: string, table: FakeApi = {}, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('token', 'test-token');
  const api = fakeApi({ ...BASE_API, ...table });
  const app = renderWithApp(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/*', element: <CustomerRoutes /> },
    ],
    path,
  );
  return { ...api, ...app };
}

/** The calls made with `method` to `path` (query string ignored). */
export const callsTo = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path);
