/**
 * The books' accounts in an admin's words: the chart's name (ledger-accounts.ts) with what it names
 * (a bank account as its bank and last four digits, a brand by its name). A bank account no longer
 * on the brand's list keeps its books, and says so.
 */
import { accountInfo } from '@desk/machines/ledger/ledger-accounts';

export interface NameSources {
  /** Bank account id → "HDFC Bank ••••5678", for the brand's accounts. */
  banks: ReadonlyMap<string, string>;
  /** Brand id → name. */
  brands: ReadonlyMap<string, string>;
}

const bankLabel = (names: NameSources, id: string) => names.banks.get(id) ?? 'a bank account no longer on the brand';

export function accountName(account: string, names: NameSources): string {
  const info = accountInfo(account);
  if (info.bankAccountId !== null) {
    return info.class === 'asset'
      ? (names.banks.get(info.bankAccountId) ?? 'Bank account no longer on the brand')
      : `${info.name}: ${bankLabel(names, info.bankAccountId)}`;
  }
  if (info.tenantId !== null) return `${info.name}: ${names.brands.get(info.tenantId) ?? info.tenantId}`;
  return info.name;
}
