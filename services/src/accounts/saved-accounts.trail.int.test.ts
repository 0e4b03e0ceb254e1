import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { trailApp } from '../../../tests/support/trail-app';
import { UserTrail } from '../identity/user-trail';
import { listBankAccounts, listWallets } from './saved-accounts.repository';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const BANK = { bankName: 'State Bank of India', accountHolder: 'Ravi Kumar', accountNumber: '30012345678', ifsc: 'sbin0001234' };
const FROM = { 'x-forwarded-for': '198.51.100.61', 'user-agent': 'payout-test' };

describe('the trail of saved wallets and bank accounts', () => {
  let call: ReturnType<typeof trailApp>;
  let token: string;
  let userId: string;
  const as = (method: string, url: string, body?: unknown) => call(method, url, { token, body, headers: FROM });
  const it = withApp
    .extend(
      'events',
      ({ t }) =>
        async () =>
          (await t.deps.eventStore.readStream(`user-${userId}`)).filter((e) => e.type !== 'UserRegistered'),
    )
    .extend(
      'eventCount',
      ({ t }) =>
        async () =>
          Number((await t.database.pool.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n),
    );
  const customer = () => ({ actor: { id: userId, role: 'customer' }, tenantId: 'default', ip: '198.51.100.61', userAgent: 'payout-test' });

  it.beforeAll(async ({ t }) => {
    call = (method, url, options) => json(t.call(method, url, options));
    token = await createCustomer(t, '+919300000001');
    userId = (await call('GET', '/api/auth/me', { token })).body._id;
  });

  it('records wallets added, changed (the default moving with it) and removed, with the whole entry', async ({ events }) => {
    const first = (await as('POST', '/api/user/wallet', { address: TRON, network: 'TRC20', isDefault: true })).body.wallet._id;
    const second = (await as('POST', '/api/user/wallet', { address: EVM, network: 'ERC20', label: 'Ledger', isDefault: true })).body.wallet._id;
    expect((await as('PUT', `/api/user/wallet/${first}`, { label: 'Main', isDefault: true })).status).toBe(200);
    expect((await as('DELETE', `/api/user/wallet/${second}`)).status).toBe(200);

    expect(await events()).toMatchObject([
      {
        type: 'WalletAdded',
        data: { userId, tenantId: 'default', walletId: first, wallet: { network: 'TRC20', address: TRON, label: '', isDefault: true }, defaultClearedOn: [] },
        metadata: customer(),
      },
      {
        type: 'WalletAdded',
        data: { walletId: second, wallet: { network: 'ERC20', address: EVM, label: 'Ledger', isDefault: true }, defaultClearedOn: [first] },
        metadata: customer(),
      },
      {
        type: 'WalletChanged',
        data: {
          walletId: first,
          wallet: { network: 'TRC20', address: TRON, label: 'Main', isDefault: true },
          changes: { label: { from: '', to: 'Main' }, isDefault: { from: false, to: true } },
          defaultClearedOn: [second],
        },
        metadata: customer(),
      },
      { type: 'WalletRemoved', data: { walletId: second, wallet: { address: EVM, isDefault: false } }, metadata: customer() },
    ]);
    const changed = (await events())[2]!.data as { changes: object; changedAt: string };
    expect(Object.keys(changed.changes).sort()).toEqual(['isDefault', 'label']);
  });

  it('records nothing for a refused wallet request, and a refused default leaves the old default in place', async ({ t, eventCount }) => {
    const before = await eventCount();
    const [wallet] = await listWallets(t.database.db, [userId]);
    expect((await as('POST', '/api/user/wallet', { address: TRON, network: 'BEP20' })).status).toBe(400);
    expect((await as('POST', '/api/user/wallet', { address: TRON, network: 'TRC20', isDefault: true })).status).toBe(409);
    expect((await as('PUT', `/api/user/wallet/${wallet!.id}`, { network: 'ERC20' })).status).toBe(400);
    expect((await as('PUT', '/api/user/wallet/00000000-0000-4000-8000-000000000000', { label: 'x' })).status).toBe(404);
    expect((await as('DELETE', '/api/user/wallet/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await listWallets(t.database.db, [userId])).toEqual([wallet]);
    // The same values again: nothing changed, nothing recorded.
    expect((await as('PUT', `/api/user/wallet/${wallet!.id}`, { label: wallet!.label, isDefault: true })).status).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('records bank accounts with account number and IFSC, their changes and removal', async ({ events }) => {
    const first = (await as('POST', '/api/user/bank-account', { ...BANK, isDefault: true })).body.account._id;
    const second = (await as('POST', '/api/user/bank-account', { ...BANK, accountNumber: '40012345678' })).body.account._id;
    expect((await as('PUT', `/api/user/bank-account/${second}`, { accountNumber: '50012345678', ifsc: 'HDFC0001234', isDefault: true })).status).toBe(200);
    expect((await as('DELETE', `/api/user/bank-account/${first}`)).status).toBe(200);

    const banks = (await events()).filter((e) => e.type.startsWith('BankAccount'));
    const account = { bankName: 'State Bank of India', accountName: 'Ravi Kumar', accountNumber: '30012345678', ifsc: 'SBIN0001234' };
    expect(banks).toMatchObject([
      { type: 'BankAccountAdded', data: { bankAccountId: first, bankAccount: { ...account, isDefault: true }, defaultClearedOn: [] }, metadata: customer() },
      { type: 'BankAccountAdded', data: { bankAccountId: second, bankAccount: { accountNumber: '40012345678', isDefault: false }, defaultClearedOn: [] } },
      {
        type: 'BankAccountChanged',
        data: {
          bankAccountId: second,
          bankAccount: { ...account, accountNumber: '50012345678', ifsc: 'HDFC0001234', isDefault: true },
          changes: {
            accountNumber: { from: '40012345678', to: '50012345678' },
            ifsc: { from: 'SBIN0001234', to: 'HDFC0001234' },
            isDefault: { from: false, to: true },
          },
          defaultClearedOn: [first],
        },
        metadata: customer(),
      },
      { type: 'BankAccountRemoved', data: { bankAccountId: first, bankAccount: { ...account, isDefault: false } }, metadata: customer() },
    ]);
  });

  it('records nothing for a refused bank account request', async ({ eventCount }) => {
    const before = await eventCount();
    expect((await as('POST', '/api/user/bank-account', { ...BANK, ifsc: 'nope' })).status).toBe(400);
    expect((await as('PUT', '/api/user/bank-account/00000000-0000-4000-8000-000000000000', { bankName: 'X' })).status).toBe(404);
    expect((await as('DELETE', '/api/user/bank-account/not-an-id')).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('changes no saved account when the append fails', async ({ t }) => {
    const failing = new UserTrail(t.deps.eventStore);
    failing.record = () => Promise.reject(new Error('the event store is down'));
    const broken = trailApp(t, failing);
    const wallets = await listWallets(t.database.db, [userId]);
    const banks = await listBankAccounts(t.database.db, [userId]);
    const send = (method: string, url: string, body?: unknown) => broken(method, url, { token, body });

    expect((await send('POST', '/api/user/wallet', { address: EVM, network: 'BEP20', isDefault: true })).status).toBe(500);
    expect((await send('PUT', `/api/user/wallet/${wallets[0]!.id}`, { label: 'Changed' })).status).toBe(500);
    expect((await send('DELETE', `/api/user/wallet/${wallets[0]!.id}`)).status).toBe(500);
    expect((await send('POST', '/api/user/bank-account', { ...BANK, isDefault: true })).status).toBe(500);
    expect((await send('PUT', `/api/user/bank-account/${banks[0]!.id}`, { accountNumber: '60012345678' })).status).toBe(500);
    expect((await send('DELETE', `/api/user/bank-account/${banks[0]!.id}`)).status).toBe(500);

    expect(await listWallets(t.database.db, [userId])).toEqual(wallets);
    expect(await listBankAccounts(t.database.db, [userId])).toEqual(banks);
  });
});
