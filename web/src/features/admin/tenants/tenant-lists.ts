import type { Tenant } from './tenant-api';

/** A tenant's two lists of where its customers pay: operator bank accounts and crypto wallets. */
export type TenantListName = 'bankAccounts' | 'cryptoWallets';

const NAMES = {
  bankAccounts: { title: 'Bank Accounts', name: 'Bank accounts', one: 'Bank Account', addPath: '/admin/add-bank-account' },
  cryptoWallets: { title: 'Crypto Wallets', name: 'Crypto wallets', one: 'Crypto Wallet', addPath: '/admin/add-crypto-wallet' },
} as const;

/** How the tenant's pages speak of one of its lists, and the page that adds an entry to it for this tenant. */
export function tenantListText(tenant: Tenant, list: TenantListName) {
  const { title, name, one, addPath } = NAMES[list];
  return {
    /** The heading, with the count: "Bank Accounts (2)". */
    heading: `${title} (${tenant[list].length})`,
    name,
    empty: `No ${name.toLowerCase()} yet`,
    one,
    addTo: `${addPath}?tenant=${tenant._id}`,
  };
}
