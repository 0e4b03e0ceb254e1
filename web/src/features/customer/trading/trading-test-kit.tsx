import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { bankAccount, wallet } from '../../../test/fixtures';
import { fakeApi, renderWithApp } from '../../../test/render';
import { BASE_API } from '../customer-test-kit';
import { BuyForm } from './buy-form';
import { SellForm } from './sell-form';

/** The buy and sell forms against a fake API, and what the tests of either do to them; used by the tests only. */

type Table = Parameters<typeof fakeApi>[0];

/** The buy form with two saved addresses, "Main" the default. */
export const DEFAULT_WALLET = wallet({ label: 'Main', isDefault: true });
export function renderBuy(table: Table = {}) {
  const onPlaced = vi.fn();
  const api = fakeApi({ ...BASE_API, 'GET /api/user/wallets': { wallets: [wallet({ label: 'Other' }), DEFAULT_WALLET] }, ...table });
  renderWithApp(<BuyForm onPlaced={onPlaced} />);
  return { ...api, onPlaced };
}

/** The sell form with two saved bank accounts, ICICI Bank's the default. */
export const DEFAULT_ACCOUNT = bankAccount({ bankName: 'ICICI Bank', isDefault: true });
export function renderSell(table: Table = {}) {
  const onPlaced = vi.fn();
  const api = fakeApi({ ...BASE_API, 'GET /api/user/bank-accounts': { accounts: [bankAccount(), DEFAULT_ACCOUNT] }, ...table });
  renderWithApp(<SellForm onPlaced={onPlaced} />);
  return { ...api, onPlaced };
}

export const create = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Order' });
