import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const BANK = { bankName: 'State Bank of India', accountHolder: 'Ravi Kumar', accountNumber: '30012345678', ifsc: 'sbin0001234' };

describe('saved wallets and bank accounts', () => {
  let ravi: string;
  let sita: string;
  const it = withApp.extend(
    'call',
    ({ t }) =>
      (method: string, url: string, token: string, body?: unknown) =>
        json(t.call(method, url, { token, body })),
  );

  it.beforeAll(async ({ t }) => {
    await giveDepositWallet(t);
    ravi = await createCustomer(t, '+919200000001');
    sita = await createCustomer(t, '+919200000002');
  });

  it('adds, edits and deletes wallets, keeping one default', async ({ call }) => {
    const first = await call('POST', '/api/user/wallet', ravi, { address: TRON, network: 'TRC20', isDefault: true });
    expect(first).toMatchObject({ status: 201, body: { wallet: { address: TRON, network: 'TRC20', label: '', isDefault: true } } });
    const second = await call('POST', '/api/user/wallet', ravi, { address: EVM, network: 'ERC20', label: 'Ledger', isDefault: true });
    expect(second.status).toBe(201);
    const list = (await call('GET', '/api/user/wallets', ravi)).body.wallets;
    expect(list.map((w: any) => [w.address, w.isDefault])).toEqual([
      [TRON, false],
      [EVM, true],
    ]);

    const edited = await call('PUT', `/api/user/wallet/${first.body.wallet._id}`, ravi, { label: 'Main', isDefault: true });
    expect(edited.body.wallet).toMatchObject({ label: 'Main', isDefault: true });
    expect((await call('GET', '/api/user/wallets', ravi)).body.wallets.filter((w: any) => w.isDefault)).toHaveLength(1);

    expect((await call('POST', '/api/user/wallet', ravi, { address: TRON, network: 'TRC20' })).status).toBe(409);
    expect(await call('DELETE', `/api/user/wallet/${second.body.wallet._id}`, ravi)).toEqual({ status: 200, body: { message: 'Wallet deleted' } });
    expect((await call('GET', '/api/user/wallets', ravi)).body.wallets).toHaveLength(1);
  });

  it("refuses bad and wrong-network addresses with the screens' texts", async ({ call }) => {
    const problems = async (body: unknown) => (await call('POST', '/api/user/wallet', ravi, body)).body.details?.map((d: any) => d.message);
    expect(await problems({ address: '  ', network: 'TRC20' })).toEqual(['Please enter a valid wallet address']);
    expect(await problems({ address: TRON })).toContain('Please select a network');
    expect(await problems({ address: TRON, network: 'BEP20' })).toEqual([
      'This is a TRC20 (Tron) address, not a BEP20 one. USDT sent to the wrong network is lost.',
    ]);
    expect(await problems({ address: EVM, network: 'TRC20' })).toEqual([
      'This is an ERC20/BEP20/POLYGON address (0x…), not a TRC20 one. USDT sent to the wrong network is lost.',
    ]);
    const wallet = (await call('GET', '/api/user/wallets', ravi)).body.wallets[0];
    const moved = await call('PUT', `/api/user/wallet/${wallet._id}`, ravi, { network: 'ERC20' });
    expect(moved.status).toBe(400);
  });

  it('adds bank accounts with the holder stored as accountName and IFSC upper-cased', async ({ call }) => {
    const added = await call('POST', '/api/user/bank-account', ravi, { ...BANK, isDefault: true });
    expect(added).toMatchObject({
      status: 201,
      body: { account: { bankName: 'State Bank of India', accountName: 'Ravi Kumar', accountNumber: '30012345678', ifsc: 'SBIN0001234', isDefault: true } },
    });
    const missing = await call('POST', '/api/user/bank-account', ravi, { ...BANK, accountHolder: '' });
    expect(missing.body.details).toContainEqual({ path: 'accountHolder', message: 'Please fill all bank account details' });
    const long = await call('POST', '/api/user/bank-account', ravi, { ...BANK, bankName: 'B'.repeat(101) });
    expect(long.body.details).toEqual([{ path: 'bankName', message: 'Bank name must be at most 100 characters' }]);
    expect((await call('POST', '/api/user/bank-account', ravi, { ...BANK, ifsc: 'SBIN123' })).body.details[0].message).toBe('IFSC must look like ABCD0123456');
    const renamed = await call('PUT', `/api/user/bank-account/${added.body.account._id}`, ravi, { accountHolder: 'R. Kumar' });
    expect(renamed.body.account.accountName).toBe('R. Kumar');
  });

  it("keeps each customer's entries to themselves", async ({ call }) => {
    const wallet = (await call('GET', '/api/user/wallets', ravi)).body.wallets[0];
    const account = (await call('GET', '/api/user/bank-accounts', ravi)).body.accounts[0];
    expect((await call('GET', '/api/user/wallets', sita)).body.wallets).toEqual([]);
    expect((await call('PUT', `/api/user/wallet/${wallet._id}`, sita, { label: 'mine now' })).status).toBe(404);
    expect((await call('DELETE', `/api/user/wallet/${wallet._id}`, sita)).status).toBe(404);
    expect((await call('PUT', `/api/user/bank-account/${account._id}`, sita, { bankName: 'X' })).status).toBe(404);
    expect((await call('DELETE', `/api/user/bank-account/${account._id}`, sita)).status).toBe(404);
    expect((await call('GET', '/api/user/wallets', ravi)).body.wallets[0].label).toBe('Main');

    const sellWithSitasAccount = await call('POST', '/api/orders/crypto-to-fiat', sita, { cryptoAmount: 10, method: 'bank', bankAccountId: account._id });
    expect(sellWithSitasAccount.status).toBe(400);
    expect(sellWithSitasAccount.body.details).toContainEqual({ path: 'bankAccountId', message: 'Please select a bank account' });
  });

  it("pays a sell out to a saved account, and refuses a buy to another network's address", async ({ call }) => {
    const account = (await call('GET', '/api/user/bank-accounts', ravi)).body.accounts[0];
    const sell = await call('POST', '/api/orders/crypto-to-fiat', ravi, { cryptoAmount: 10, method: 'bank', bankAccountId: account._id });
    expect(sell.status).toBe(201);
    expect(sell.body.order.payoutBankAccount).toEqual({
      bankName: 'State Bank of India',
      accountName: 'R. Kumar',
      accountNumber: '30012345678',
      ifsc: 'SBIN0001234',
    });
    const buy = await call('POST', '/api/orders/fiat-to-crypto', ravi, { fiatAmount: 1000, network: 'ERC20', withdrawAddress: TRON, method: 'bank' });
    expect(buy.status).toBe(400);
    expect(buy.body.details[0]).toMatchObject({ path: 'withdrawAddress' });
  });

  it('shows saved accounts on the user, to themselves and to admins', async ({ t, call }) => {
    const me = (await call('GET', '/api/auth/me', ravi)).body;
    expect(me.wallets.usdt).toHaveLength(1);
    expect(me.bankDetails.accounts).toHaveLength(1);
    const users = (await call('GET', '/api/admin/users', await t.adminToken())).body.users;
    expect(users.find((u: any) => u.phone === '+919200000001').wallets.usdt[0].address).toBe(TRON);
  });
});
