/**
 * The desk's chart of accounts, per brand (issue 28, docs/ledger.md). Two currencies, each its own
 * book: INR and USDT. An account is a key and a currency: `owed_to_customers` in INR and in USDT are
 * two accounts. Keys that name something carry its id after a colon (`bank:<bank account id>`,
 * `wallet:TRC20`, `suspense:<bank account id>`, `between_brands:<tenant id>`).
 */
import { isNetwork, type Network } from '../addresses/networks';

export type LedgerCurrency = 'INR' | 'USDT';

/**
 * What an account is to the desk: an asset (debit-normal: bank, wallet, cash), a liability or
 * equity (credit-normal), revenue, or the trading account that joins the two books (either sign).
 */
export type AccountClass = 'asset' | 'liability' | 'equity' | 'revenue' | 'trading' | 'clearing';

export const ACCOUNTS = {
  /** An INR bank account of the brand, from its statement lines. */
  bank: (bankAccountId: string) => `bank:${bankAccountId}`,
  /** The brand's USDT on a network, from the chain transfers the desk confirmed. */
  wallet: (network: Network) => `wallet:${network}`,
  /** INR handed over the desk's counter for cash orders: no statement shows it. */
  cash: 'cash',
  /** Money a bank account moved that no order explains yet (an unmatched line). */
  suspense: (bankAccountId: string) => `suspense:${bankAccountId}`,
  /** What the desk owes its customers (or, below zero, is owed): per currency. */
  owedToCustomers: 'owed_to_customers',
  /** Credits an admin marked for refund: owed back to whoever sent them. */
  refundsToSend: 'refunds_to_send',
  /** A customer of one brand paid into another brand's account: what the brands owe each other. */
  betweenBrands: (tenantId: string) => `between_brands:${tenantId}`,
  /** The order's fee, in the currency the customer receives. */
  fees: 'fees',
  /** The order's rate against the brand's USDT/INR rate (base-rate.ts), in INR. */
  spread: 'spread',
  /** Joins the INR and USDT books: the desk's currency position. */
  trading: 'trading',
  /** A bank account's balance before its first statement line. */
  openingBalances: 'opening_balances',
} as const;

export interface AccountInfo {
  class: AccountClass;
  /** In an admin's words; a bank account's own label (bank and last digits) is added by the caller. */
  name: string;
  bankAccountId: string | null;
  network: Network | null;
  tenantId: string | null;
}

/** The accounts that name nothing else (no id after a colon): what each is, in an admin's words. */
const FIXED_ACCOUNTS: Readonly<Record<string, Pick<AccountInfo, 'class' | 'name'>>> = {
  [ACCOUNTS.cash]: { class: 'asset', name: 'Cash at the desk' },
  [ACCOUNTS.owedToCustomers]: { class: 'liability', name: 'Owed to customers' },
  [ACCOUNTS.refundsToSend]: { class: 'liability', name: 'Refunds to send' },
  [ACCOUNTS.fees]: { class: 'revenue', name: 'Fees' },
  [ACCOUNTS.spread]: { class: 'revenue', name: 'Spread' },
  [ACCOUNTS.trading]: { class: 'trading', name: 'Currency trading' },
  [ACCOUNTS.openingBalances]: { class: 'equity', name: 'Opening balances' },
};

/** What an account key says: its class and its name in words. An unknown key is a clearing account named by its key (never a crash). */
export function accountInfo(account: string): AccountInfo {
  const [head = '', rest = ''] = splitOnce(account);
  const none = { bankAccountId: null, network: null, tenantId: null };
  switch (head) {
    case 'bank':
      return { ...none, class: 'asset', name: 'Bank account', bankAccountId: rest };
    case 'wallet':
      return { ...none, class: 'asset', name: `USDT wallet (${rest})`, network: isNetwork(rest) ? rest : null };
    case 'suspense':
      return { ...none, class: 'clearing', name: 'Not explained by any order', bankAccountId: rest };
    case 'between_brands':
      return { ...none, class: 'clearing', name: 'Between brands', tenantId: rest };
    default:
      // Own keys only: a key such as `constructor` is not an account of the table.
      return { ...none, ...(Object.hasOwn(FIXED_ACCOUNTS, head) ? FIXED_ACCOUNTS[head]! : { class: 'clearing', name: account }) };
  }
}

/** The accounts the daily position reports on: money the desk holds, each with a source to check it against. */
export const isHolding = (account: string): boolean => accountInfo(account).class === 'asset';

function splitOnce(account: string): [string, string] {
  const colon = account.indexOf(':');
  return colon < 0 ? [account, ''] : [account.slice(0, colon), account.slice(colon + 1)];
}
