import { describe, expect, it } from 'vitest';
import { ACCOUNTS, accountInfo } from './ledger-accounts';

describe('what an account key says', () => {
  it('reads the id the keys that name something carry', () => {
    expect(accountInfo(ACCOUNTS.bank('b-1'))).toEqual({ class: 'asset', name: 'Bank account', bankAccountId: 'b-1', network: null, tenantId: null });
    expect(accountInfo(ACCOUNTS.wallet('TRC20'))).toMatchObject({ class: 'asset', name: 'USDT wallet (TRC20)', network: 'TRC20' });
    expect(accountInfo(ACCOUNTS.suspense('b-1'))).toMatchObject({ class: 'clearing', name: 'Not explained by any order', bankAccountId: 'b-1' });
    expect(accountInfo(ACCOUNTS.betweenBrands('t-2'))).toMatchObject({ class: 'clearing', name: 'Between brands', tenantId: 't-2' });
  });

  it('names the accounts that name nothing else, each in its class', () => {
    const fixed = [ACCOUNTS.cash, ACCOUNTS.owedToCustomers, ACCOUNTS.refundsToSend, ACCOUNTS.fees, ACCOUNTS.spread, ACCOUNTS.trading, ACCOUNTS.openingBalances];
    expect(fixed.map((key) => [accountInfo(key).class, accountInfo(key).name])).toEqual([
      ['asset', 'Cash at the desk'],
      ['liability', 'Owed to customers'],
      ['liability', 'Refunds to send'],
      ['revenue', 'Fees'],
      ['revenue', 'Spread'],
      ['trading', 'Currency trading'],
      ['equity', 'Opening balances'],
    ]);
  });

  it('takes a key it does not know, even the name of an object property, for a clearing account named by its key', () => {
    expect(accountInfo('constructor')).toEqual({ class: 'clearing', name: 'constructor', bankAccountId: null, network: null, tenantId: null });
    expect(accountInfo('mystery:1')).toMatchObject({ class: 'clearing', name: 'mystery:1' });
  });
});
