import type { InferResponseType } from 'hono/client';
import { within } from '@testing-library/react';
import { tronAddressFromBytes } from '@desk/machines/addresses/address-validation';
import type { api } from '../lib/api';

/**
 * Test data shared by every area's tests: a signed-in customer, orders, wallets and bank accounts
 * as the API returns them (typed from its routes), valid addresses, and a filter of recorded calls.
 */

type Order = InferResponseType<(typeof api.orders)[':id']['$get'], 200>;
type Wallet = InferResponseType<typeof api.user.wallets.$get, 200>['wallets'][number];
type BankAccount = InferResponseType<(typeof api.user)['bank-accounts']['$get'], 200>['accounts'][number];

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
  language: null as 'en' | 'hi' | null,
};

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return { _id: nextId(), address: TRON_ADDRESS, network: 'TRC20', label: 'Main', isDefault: false, createdAt: '2025-01-02T00:00:00.000Z', ...overrides };
}

export function bankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    _id: nextId(),
    bankName: 'HDFC Bank',
    accountName: 'Asha Rao',
    accountNumber: '0011223344',
    ifsc: 'HDFC0000123',
    isDefault: false,
    createdAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
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
    reason: null,
    latePayment: false,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    completedAt: null,
    user: { _id: 'user-1', phone: ME.phone, username: 'asha' },
    ...overrides,
  };
}

/** The calls made with `method` to `path` (query string ignored). */
export const callsTo = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path.split('?')[0] === path);

/** The query of the latest GET to `path`, as a plain object. */
export function lastQuery(calls: { method: string; path: string }[], path: string): Record<string, string> {
  const call = calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).at(-1);
  if (!call) throw new Error(`No GET ${path}`);
  return Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);
}

/** The words of a select's options, in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

/** Each link's words and where it goes, in order. */
export const linksIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

/** Each term and its value, in order, of the `selector` items (stat cards, tiles) holding one `dt` and one `dd`. */
export const termsIn = (element: Element, selector: string) =>
  [...element.querySelectorAll(selector)].map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]);

/** The words of the links marked as the current page (a navigation marks one). */
export const currentPagesIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .filter((l) => l.getAttribute('aria-current') === 'page')
    .map((l) => l.textContent);
