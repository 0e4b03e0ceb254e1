/**
 * A customer's saved wallets and bank accounts are where their payouts go, so every change is an
 * event on the customer's stream `user-<userId>` with the whole new entry (account number and IFSC
 * included: compliance must see where money was sent). The tables stay what the screens read.
 */

export const WALLET_ADDED = 'WalletAdded';
export const WALLET_CHANGED = 'WalletChanged';
export const WALLET_REMOVED = 'WalletRemoved';
export const BANK_ACCOUNT_ADDED = 'BankAccountAdded';
export const BANK_ACCOUNT_CHANGED = 'BankAccountChanged';
export const BANK_ACCOUNT_REMOVED = 'BankAccountRemoved';

export interface SavedWallet {
  network: string;
  address: string;
  label: string;
  isDefault: boolean;
}

export interface SavedBankAccount {
  bankName: string;
  /** The account holder's name. */
  accountName: string;
  accountNumber: string;
  ifsc: string;
  isDefault: boolean;
}

/** Each field an edit changed, with its value before and after. */
export type FieldChanges<T> = { [K in keyof T]?: { from: T[K]; to: T[K] } };

interface SavedEntryEvent {
  userId: string;
  tenantId: string;
}

/**
 * Making an entry the default takes the flag from the customer's other entries of that kind in the
 * same change: their ids (their `isDefault` went from true to false), empty when none had it.
 */
interface DefaultMoved {
  defaultClearedOn: string[];
}

export interface WalletAdded extends SavedEntryEvent, DefaultMoved {
  walletId: string;
  wallet: SavedWallet;
  addedAt: string;
}

export interface WalletChanged extends SavedEntryEvent, DefaultMoved {
  walletId: string;
  /** The whole entry after the change. */
  wallet: SavedWallet;
  changes: FieldChanges<SavedWallet>;
  changedAt: string;
}

export interface WalletRemoved extends SavedEntryEvent {
  walletId: string;
  /** The entry as it was when removed. */
  wallet: SavedWallet;
  removedAt: string;
}

export interface BankAccountAdded extends SavedEntryEvent, DefaultMoved {
  bankAccountId: string;
  bankAccount: SavedBankAccount;
  addedAt: string;
}

export interface BankAccountChanged extends SavedEntryEvent, DefaultMoved {
  bankAccountId: string;
  bankAccount: SavedBankAccount;
  changes: FieldChanges<SavedBankAccount>;
  changedAt: string;
}

export interface BankAccountRemoved extends SavedEntryEvent {
  bankAccountId: string;
  bankAccount: SavedBankAccount;
  removedAt: string;
}

export type SavedAccountEvent =
  | { type: typeof WALLET_ADDED; data: WalletAdded }
  | { type: typeof WALLET_CHANGED; data: WalletChanged }
  | { type: typeof WALLET_REMOVED; data: WalletRemoved }
  | { type: typeof BANK_ACCOUNT_ADDED; data: BankAccountAdded }
  | { type: typeof BANK_ACCOUNT_CHANGED; data: BankAccountChanged }
  | { type: typeof BANK_ACCOUNT_REMOVED; data: BankAccountRemoved };

/** The fields whose value differs between two versions of an entry; empty when it is the same. */
export function fieldChanges<T extends object>(before: T, after: T): FieldChanges<T> {
  const changes: FieldChanges<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}
