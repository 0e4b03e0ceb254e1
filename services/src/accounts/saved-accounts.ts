import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import {
  BANK_ACCOUNT_ADDED,
  BANK_ACCOUNT_CHANGED,
  BANK_ACCOUNT_REMOVED,
  fieldChanges,
  WALLET_ADDED,
  WALLET_CHANGED,
  WALLET_REMOVED,
  type SavedBankAccount,
  type SavedWallet,
} from '@desk/machines/accounts/saved-account.events';
import type { ServicesDatabase } from '../db/services-database';
import type { Trail, TrailSubject } from '../identity/user-trail';
import {
  clearDefault,
  deleteBankAccount,
  deleteWallet,
  insertBankAccount,
  insertWallet,
  lockBankAccount,
  lockWallet,
  updateBankAccount,
  updateWallet,
  type BankAccountInput,
  type BankAccountRow,
  type WalletInput,
  type WalletRow,
} from './saved-accounts.repository';

const walletOf = (w: WalletRow): SavedWallet => ({ network: w.network, address: w.address, label: w.label, isDefault: w.is_default });
const bankAccountOf = (b: BankAccountRow): SavedBankAccount => ({
  bankName: b.bank_name,
  accountName: b.account_name,
  accountNumber: b.account_number,
  ifsc: b.ifsc,
  isDefault: b.is_default,
});

/** Thrown inside a transaction to roll back a refused add (the default it cleared comes back). */
class Refused extends Error {}

/**
 * A customer's saved wallets and bank accounts, where their payouts go: each add, edit and removal
 * changes the table the screens read and records its event on `user-<id>` in one transaction, so
 * "who changed this payout account, when, from where" is answered by the customer's stream.
 */
export class SavedAccounts {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly trail: Trail,
  ) {}

  /** Null when the customer already saved this address on this network (and then nothing changes). */
  async addWallet(user: TrailSubject, input: WalletInput, metadata: EventMetadata): Promise<WalletRow | null> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const defaultClearedOn = input.isDefault ? await clearDefault(trx, 'user_wallets', user.id, null) : [];
        const row = await insertWallet(trx, user.id, input);
        if (!row) throw new Refused();
        const data = { userId: user.id, tenantId: user.tenant_id, walletId: row.id, wallet: walletOf(row), defaultClearedOn, addedAt: metadata.acceptedAt };
        await this.trail.record(user, [{ type: WALLET_ADDED, data }], metadata);
        return row;
      })
      .catch((error: unknown) => (error instanceof Refused ? null : Promise.reject(error)));
  }

  /** Null when the customer has no such wallet. `check` may refuse the edit against the current row (it throws). */
  async changeWallet(
    user: TrailSubject,
    id: string,
    patch: Partial<WalletInput>,
    metadata: EventMetadata,
    check: (current: WalletRow) => void = () => undefined,
  ): Promise<WalletRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockWallet(trx, user.id, id);
      if (!current) return null;
      check(current);
      const defaultClearedOn = patch.isDefault ? await clearDefault(trx, 'user_wallets', user.id, id) : [];
      const updated = await updateWallet(trx, user.id, id, patch);
      const changes = fieldChanges(walletOf(current), walletOf(updated));
      // The same values again change nothing worth a record.
      if (Object.keys(changes).length === 0 && defaultClearedOn.length === 0) return updated;
      const data = {
        userId: user.id,
        tenantId: user.tenant_id,
        walletId: id,
        wallet: walletOf(updated),
        changes,
        defaultClearedOn,
        changedAt: metadata.acceptedAt,
      };
      await this.trail.record(user, [{ type: WALLET_CHANGED, data }], metadata);
      return updated;
    });
  }

  /** False when the customer has no such wallet. */
  async removeWallet(user: TrailSubject, id: string, metadata: EventMetadata): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await deleteWallet(trx, user.id, id);
      if (!removed) return false;
      const data = { userId: user.id, tenantId: user.tenant_id, walletId: id, wallet: walletOf(removed), removedAt: metadata.acceptedAt };
      await this.trail.record(user, [{ type: WALLET_REMOVED, data }], metadata);
      return true;
    });
  }

  async addBankAccount(user: TrailSubject, input: BankAccountInput, metadata: EventMetadata): Promise<BankAccountRow> {
    return this.db.transaction().execute(async (trx) => {
      const defaultClearedOn = input.isDefault ? await clearDefault(trx, 'user_bank_accounts', user.id, null) : [];
      const row = await insertBankAccount(trx, user.id, input);
      const data = {
        userId: user.id,
        tenantId: user.tenant_id,
        bankAccountId: row.id,
        bankAccount: bankAccountOf(row),
        defaultClearedOn,
        addedAt: metadata.acceptedAt,
      };
      await this.trail.record(user, [{ type: BANK_ACCOUNT_ADDED, data }], metadata);
      return row;
    });
  }

  /** Null when the customer has no such bank account. */
  async changeBankAccount(user: TrailSubject, id: string, patch: Partial<BankAccountInput>, metadata: EventMetadata): Promise<BankAccountRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockBankAccount(trx, user.id, id);
      if (!current) return null;
      const defaultClearedOn = patch.isDefault ? await clearDefault(trx, 'user_bank_accounts', user.id, id) : [];
      const updated = await updateBankAccount(trx, user.id, id, patch);
      const changes = fieldChanges(bankAccountOf(current), bankAccountOf(updated));
      if (Object.keys(changes).length === 0 && defaultClearedOn.length === 0) return updated;
      const data = {
        userId: user.id,
        tenantId: user.tenant_id,
        bankAccountId: id,
        bankAccount: bankAccountOf(updated),
        changes,
        defaultClearedOn,
        changedAt: metadata.acceptedAt,
      };
      await this.trail.record(user, [{ type: BANK_ACCOUNT_CHANGED, data }], metadata);
      return updated;
    });
  }

  /** False when the customer has no such bank account. */
  async removeBankAccount(user: TrailSubject, id: string, metadata: EventMetadata): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await deleteBankAccount(trx, user.id, id);
      if (!removed) return false;
      const data = { userId: user.id, tenantId: user.tenant_id, bankAccountId: id, bankAccount: bankAccountOf(removed), removedAt: metadata.acceptedAt };
      await this.trail.record(user, [{ type: BANK_ACCOUNT_REMOVED, data }], metadata);
      return true;
    });
  }
}
