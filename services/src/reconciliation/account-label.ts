import type { TenantBankAccount } from '@desk/machines/tenants/tenant.events';

/** A bank account as people name it on an order and in the queue: its bank and the last four digits of its number. */
export const accountLabel = (account: Pick<TenantBankAccount, 'bankName' | 'accountNumber'>): string =>
  `${account.bankName} ••••${account.accountNumber.replace(/[^0-9A-Za-z]/g, '').slice(-4)}`;
