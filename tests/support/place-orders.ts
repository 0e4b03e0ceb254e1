import { json, type TestApp } from './test-app';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Kiran Shah's SBI account, where the payout tests' sells are paid (their statements show it leaving). */
export const KIRAN_SBI = { bankName: 'SBI', accountHolder: 'Kiran Shah', accountNumber: '30012345679', ifsc: 'SBIN0001234' };

/** A buy of ₹`fiatAmount` paid by bank, its USDT to a TRC20 address, placed by the customer whose token it is (on `host`'s brand): `{ status, body }`. */
export function placeBuy(t: TestApp, token: string, { fiatAmount = 2000, host }: { fiatAmount?: number; host?: string } = {}) {
  return json(
    t.call('POST', '/api/orders/fiat-to-crypto', {
      token,
      body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      headers: host ? { host } : {},
    }),
  );
}

/** A sell of `cryptoAmount` USDT on TRC20, paid out to `bankAccount`, placed by the customer whose token it is: `{ status, body }`. */
export function placeSell(t: TestApp, token: string, { cryptoAmount = 100, bankAccount = KIRAN_SBI } = {}) {
  return json(t.call('POST', '/api/orders/crypto-to-fiat', { token, body: { cryptoAmount, network: 'TRC20', method: 'bank', bankAccount } }));
}
