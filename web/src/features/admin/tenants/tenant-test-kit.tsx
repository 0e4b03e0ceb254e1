import { afterEach, type Mock } from 'vitest';
import { cleanup } from '@testing-library/react';
import { TRON_ADDRESS } from '../../../test/fixtures';
import { fakeApi, renderWithApp, type FakeApi } from '../../../test/render';
import type { Tenant, TenantBankAccount, TenantWallet } from './tenant-api';
import { TenantsPage } from './tenants-page';
import { TenantDetailPage } from './tenant-detail-page';
import { TenantEditPage } from './tenant-edit-page';
import { AddBankAccountPage } from './add-bank-account-page';
import { AddCryptoWalletPage } from './add-crypto-wallet-page';

/** Test data and a renderer for the tenant screens against a fake API; used by the tests only. */

afterEach(cleanup);

export const OWN_QR = '/api/files/6f1c2a9e-1111-4222-8333-444455556666?exp=1&sig=abc';

export const bank = (n: number, patch: Partial<TenantBankAccount> = {}): TenantBankAccount => ({
  _id: String(n - 1),
  bankName: `Bank ${n}`,
  accountName: `Holder ${n}`,
  accountNumber: `00112233${String(n).padStart(2, '0')}`,
  ifsc: `HDFC00001${String(n).padStart(2, '0')}`,
  isActive: true,
  ...patch,
});

export const wallet = (n: number, patch: Partial<TenantWallet> = {}): TenantWallet => ({
  _id: String(n - 1),
  network: 'TRC20',
  address: TRON_ADDRESS,
  qrCodeUrl: OWN_QR,
  isActive: true,
  ...patch,
});

export const tenant = (patch: Partial<Tenant> = {}): Tenant => ({
  _id: 't-1',
  name: 'Alpha Desk',
  domain: 'alpha.example.com',
  logoUrl: null,
  primaryColor: '#123456',
  supportPhone: null,
  supportEmail: null,
  supportWhatsApp: null,
  supportHours: null,
  bankAccounts: [],
  cryptoWallets: [],
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T10:00:00.000Z',
  ...patch,
});

const ROUTES = [
  { path: '/admin/tenants', element: <TenantsPage /> },
  { path: '/admin/tenants/:id', element: <TenantDetailPage /> },
  { path: '/admin/tenants/:id/edit', element: <TenantEditPage /> },
  { path: '/admin/add-bank-account', element: <AddBankAccountPage /> },
  { path: '/admin/add-crypto-wallet', element: <AddCryptoWalletPage /> },
];

export function renderTenants(path: string, table: FakeApi) {
  const api = fakeApi(table);
  return { ...api, ...renderWithApp(ROUTES, path) };
}

/** The multipart body of the `index`-th call with that method and path (the fake API records JSON only). */
export function formSent(fetchMock: Mock, method: string, path: string, index = 0): FormData {
  const sent = fetchMock.mock.calls.filter(
    ([input, init]) => (init as RequestInit | undefined)?.method === method && new URL(String(input), 'http://localhost').pathname === path,
  );
  const body = (sent[index]?.[1] as RequestInit | undefined)?.body;
  if (!(body instanceof FormData)) throw new Error(`No multipart ${method} ${path} #${index}`);
  return body;
}

/** Holds every call with that method until `release()`, to see the screen while a save runs. */
export function holdCalls(fetchMock: Mock<typeof fetch>, method: string) {
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('holdCalls needs the fake API first');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === method) await gate;
    return answer(input, init);
  });
  return release;
}
