import { api, unwrap } from '../../lib/api';

/** A submit's own Idempotency-Key (else the client makes one per request). */
const keyed = (key: string | undefined) => (key ? { headers: { 'idempotency-key': key } } : undefined);

/**
 * The customer area's calls, with types read off the server's routes (Hono RPC), so a field the
 * server renames breaks the build instead of a screen.
 */
export const customerApi = {
  orders: () => unwrap(api.orders.$get()).then((r) => r.orders),
  order: (id: string) => unwrap(api.orders[':id'].$get({ param: { id } })),
  limits: () => unwrap(api.orders.limits.$get()),
  placeBuy: (json: BuyRequest, idempotencyKey?: string) => unwrap(api.orders['fiat-to-crypto'].$post({ json }, keyed(idempotencyKey))),
  placeSell: (json: SellRequest, idempotencyKey?: string) => unwrap(api.orders['crypto-to-fiat'].$post({ json }, keyed(idempotencyKey))),
  uploadProof: (id: string, json: ProofRequest) => unwrap(api.orders[':id'].upload.$post({ param: { id }, json })),
  cancel: (id: string) => unwrap(api.orders[':id'].cancel.$post({ param: { id }, json: {} })),
  wallets: () => unwrap(api.user.wallets.$get()).then((r) => r.wallets),
  addWallet: (json: WalletRequest) => unwrap(api.user.wallet.$post({ json })),
  updateWallet: (id: string, json: Partial<WalletRequest>) => unwrap(api.user.wallet[':id'].$put({ param: { id }, json })),
  deleteWallet: (id: string) => unwrap(api.user.wallet[':id'].$delete({ param: { id } })),
  bankAccounts: () => unwrap(api.user['bank-accounts'].$get()).then((r) => r.accounts),
  addBankAccount: (json: BankAccountRequest) => unwrap(api.user['bank-account'].$post({ json })),
  updateBankAccount: (id: string, json: Partial<BankAccountRequest>) => unwrap(api.user['bank-account'][':id'].$put({ param: { id }, json })),
  deleteBankAccount: (id: string) => unwrap(api.user['bank-account'][':id'].$delete({ param: { id } })),
  operatorBankDetails: () => unwrap(api.user.tenant['bank-details'].$get()).then((r) => r.bankDetails),
  operatorWallets: () => unwrap(api.user.tenant['crypto-wallet-details'].$get()).then((r) => r.cryptoWalletDetails),
};

export type Order = Awaited<ReturnType<typeof customerApi.order>>;
export type LimitHeadroom = Awaited<ReturnType<typeof customerApi.limits>>;
export type Wallet = Awaited<ReturnType<typeof customerApi.wallets>>[number];
export type BankAccount = Awaited<ReturnType<typeof customerApi.bankAccounts>>[number];
export type OperatorBankAccount = Awaited<ReturnType<typeof customerApi.operatorBankDetails>>[number];
export type OperatorWallet = Awaited<ReturnType<typeof customerApi.operatorWallets>>[number];
export type Network = Order['network'];
export type Method = Order['method'];

export interface BuyRequest {
  fiatAmount: string;
  network: Network;
  withdrawAddress: string;
  method: Method;
  expectedRate?: string;
}

export interface SellRequest {
  cryptoAmount: string;
  network: 'TRC20';
  method: Method;
  bankAccountId?: string;
  expectedRate?: string;
}

export interface ProofRequest {
  dataUrl?: string;
  bankReference?: string;
  cryptoReference?: string;
}

export interface WalletRequest {
  address: string;
  network: Network;
  label: string;
  isDefault: boolean;
}

export interface BankAccountRequest {
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  ifsc: string;
  isDefault: boolean;
}
