/**
 * The id of a brand's bank account for its statements' stream (`bank-account-<id>`, decision 0032).
 * A brand's accounts are kept on the brand as a list with no ids (tenant.events.ts), so the id is
 * derived from what makes the account itself: the brand, the IFSC and the account number (spaces
 * and case ignored). Edited to another number, it is another account, with statements of its own.
 * A UUID's shape (version 8: a name-based UUID of our own hash), so routes and links take it as any id.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { TenantBankAccount } from '../tenants/tenant.events';

export function bankAccountId(tenantId: string, account: Pick<TenantBankAccount, 'ifsc' | 'accountNumber'>): string {
  const clean = (value: string) => value.replace(/\s+/g, '').toUpperCase();
  const hex = bytesToHex(sha256(utf8ToBytes(JSON.stringify(['bank-account', tenantId, clean(account.ifsc), clean(account.accountNumber)]))));
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
