import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import {
  BANK_ACCOUNT_ADDED,
  BANK_ACCOUNT_CHANGED,
  BANK_ACCOUNT_REMOVED,
  fieldChanges,
  type FieldChanges,
  WALLET_ADDED,
  WALLET_CHANGED,
  WALLET_REMOVED,
  type SavedBankAccount,
  type SavedWallet,
} from '@desk/machines/accounts/saved-account.events';
import type { ServicesDatabase } from '../db/services-database';
import type { RecordedUserEvent, Trail, TrailSubject, UserStreamEvent, UserTrail } from '../identity/user-trail';
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

/** One kind of saved entry: its table, how its row is locked and updated, and the entry its events carry. */
interface EntryKind<Row, Input, Saved> {
  table: 'user_wallets' | 'user_bank_accounts';
  lock: (trx: Kysely<ServicesDatabase>, userId: string, id: string) => Promise<Row | undefined>;
  update: (trx: Kysely<ServicesDatabase>, userId: string, id: string, patch: Partial<Input>) => Promise<Row>;
  remove: (trx: Kysely<ServicesDatabase>, userId: string, id: string) => Promise<Row | undefined>;
  saved: (row: Row) => Saved;
}
const WALLETS: EntryKind<WalletRow, WalletInput, SavedWallet> = {
  table: 'user_wallets',
  lock: lockWallet,
  update: updateWallet,
  remove: deleteWallet,
  saved: walletOf,
};
const BANK_ACCOUNTS: EntryKind<BankAccountRow, BankAccountInput, SavedBankAccount> = {
  table: 'user_bank_accounts',
  lock: lockBankAccount,
  update: updateBankAccount,
  remove: deleteBankAccount,
  saved: bankAccountOf,
};

/** Records the changes, and finds what a request recorded (its retry after a takeover, decision 0062). */
export type SavedAccountTrail = Trail & Pick<UserTrail, 'recorded'>;

/** A wallet as its WalletAdded event recorded it. */
const walletAdded = (userId: string, event: UserStreamEvent): WalletRow | undefined =>
  event.type === WALLET_ADDED
    ? {
        id: event.data.walletId,
        user_id: userId,
        network: event.data.wallet.network,
        address: event.data.wallet.address,
        label: event.data.wallet.label,
        is_default: event.data.wallet.isDefault,
        created_at: new Date(event.data.addedAt),
        updated_at: new Date(event.data.addedAt),
      }
    : undefined;

/** A bank account as its BankAccountAdded event recorded it. */
const bankAccountAdded = (userId: string, event: UserStreamEvent): BankAccountRow | undefined =>
  event.type === BANK_ACCOUNT_ADDED
    ? {
        id: event.data.bankAccountId,
        user_id: userId,
        bank_name: event.data.bankAccount.bankName,
        account_name: event.data.bankAccount.accountName,
        account_number: event.data.bankAccount.accountNumber,
        ifsc: event.data.bankAccount.ifsc,
        is_default: event.data.bankAccount.isDefault,
        created_at: new Date(event.data.addedAt),
        updated_at: new Date(event.data.addedAt),
      }
    : undefined;

/** Whether the event records the removal of the saved entry `id` (a wallet or a bank account). */
const removes = (event: RecordedUserEvent, id: string): boolean =>
  (event.type === WALLET_REMOVED && event.data.walletId === id) || (event.type === BANK_ACCOUNT_REMOVED && event.data.bankAccountId === id);

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
    private readonly trail: SavedAccountTrail,
  ) {}

  /**
   * Null when the customer already saved this address on this network (and then nothing changes).
   * A request sent with an Idempotency-Key saves the entry its key stands for (the entry's id is the
   * request's, as an order's is): its retry after a takeover finds what its first run saved and
   * answers it, recording nothing (decision 0062).
   */
  async addWallet(user: TrailSubject, input: WalletInput, metadata: EventMetadata): Promise<WalletRow | null> {
    const id = metadata.idempotencyId ?? randomUUID();
    return this.db
      .transaction()
      .execute(async (trx) => {
        const saved = metadata.idempotencyId ? await this.savedBefore(trx, 'user_wallets', user.id, id, metadata.rerun === true, walletAdded) : undefined;
        if (saved) return saved;
        const defaultClearedOn = input.isDefault ? await clearDefault(trx, 'user_wallets', user.id, null) : [];
        const row = await insertWallet(trx, user.id, input, id);
        if (!row) throw new Refused();
        const data = { userId: user.id, tenantId: user.tenant_id, walletId: row.id, wallet: walletOf(row), defaultClearedOn, addedAt: metadata.acceptedAt };
        await this.trail.record(user, [{ type: WALLET_ADDED, data }], metadata);
        return row;
      })
      .catch((error: unknown) => (error instanceof Refused ? null : Promise.reject(error)));
  }

  /**
   * What this request's first run saved under its id: the entry; or, removed since, the entry as its
   * event recorded it (what that run answered), so the retry does not bring back what the customer
   * removed. A missing row counts as removed only when the trail records the removal of this entry
   * (a removal can only follow a committed add): an add event with neither row nor removal is a first
   * run whose transaction did not commit after its append (review 16's F2), and the entry is saved
   * now. Undefined when that run saved nothing. The trail is read only on a re-run of the request
   * (`metadata.rerun`): a first run's fresh id has nothing before it. Of a first run still going
   * (paused, not dead) and its retry, both finding none, the primary key lets one save it: the other
   * fails, and its own retry finds it.
   */
  private async savedBefore<Row>(
    trx: Kysely<ServicesDatabase>,
    table: 'user_wallets' | 'user_bank_accounts',
    userId: string,
    id: string,
    rerun: boolean,
    asAdded: (userId: string, event: UserStreamEvent) => Row | undefined,
  ): Promise<Row | undefined> {
    const row = await trx.selectFrom(table).selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    if (row) return row as Row;
    if (!rerun) return undefined;
    const trail = await this.trail.recorded(userId);
    const removed = trail.some((event) => removes(event, id));
    if (!removed) return undefined;
    for (const event of trail) {
      const added = event.idempotencyId === id ? asAdded(userId, event) : undefined;
      if (added) return added;
    }
    return undefined;
  }

  /** Null when the customer has no such wallet. `check` may refuse the edit against the current row (it throws). */
  async changeWallet(
    user: TrailSubject,
    id: string,
    patch: Partial<WalletInput>,
    metadata: EventMetadata,
    check: (current: WalletRow) => void = () => undefined,
  ): Promise<WalletRow | null> {
    const changed = (wallet: SavedWallet, changes: FieldChanges<SavedWallet>, defaultClearedOn: string[]): UserStreamEvent => ({
      type: WALLET_CHANGED,
      data: { userId: user.id, tenantId: user.tenant_id, walletId: id, wallet, changes, defaultClearedOn, changedAt: metadata.acceptedAt },
    });
    return this.changeEntry(WALLETS, user, id, patch, metadata, changed, check);
  }

  /** False when the customer has no such wallet. */
  async removeWallet(user: TrailSubject, id: string, metadata: EventMetadata): Promise<boolean> {
    return this.removeEntry(WALLETS, user, id, metadata, (wallet) => ({
      type: WALLET_REMOVED,
      data: { userId: user.id, tenantId: user.tenant_id, walletId: id, wallet, removedAt: metadata.acceptedAt },
    }));
  }

  /** As addWallet: a retry after a takeover answers the account its first run saved (decision 0062). */
  async addBankAccount(user: TrailSubject, input: BankAccountInput, metadata: EventMetadata): Promise<BankAccountRow> {
    const id = metadata.idempotencyId ?? randomUUID();
    return this.db.transaction().execute(async (trx) => {
      const saved = metadata.idempotencyId
        ? await this.savedBefore(trx, 'user_bank_accounts', user.id, id, metadata.rerun === true, bankAccountAdded)
        : undefined;
      if (saved) return saved;
      const defaultClearedOn = input.isDefault ? await clearDefault(trx, 'user_bank_accounts', user.id, null) : [];
      const row = await insertBankAccount(trx, user.id, input, id);
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
    return this.changeEntry(BANK_ACCOUNTS, user, id, patch, metadata, (bankAccount, changes, defaultClearedOn) => ({
      type: BANK_ACCOUNT_CHANGED,
      data: { userId: user.id, tenantId: user.tenant_id, bankAccountId: id, bankAccount, changes, defaultClearedOn, changedAt: metadata.acceptedAt },
    }));
  }

  /** False when the customer has no such bank account. */
  async removeBankAccount(user: TrailSubject, id: string, metadata: EventMetadata): Promise<boolean> {
    return this.removeEntry(BANK_ACCOUNTS, user, id, metadata, (bankAccount) => ({
      type: BANK_ACCOUNT_REMOVED,
      data: { userId: user.id, tenantId: user.tenant_id, bankAccountId: id, bankAccount, removedAt: metadata.acceptedAt },
    }));
  }

  /**
   * An edit of either kind, in one transaction: the row locked (null: not the customer's) and
   * `check`ed, the default moved off the others when this one takes it, the row updated, and the
   * event recorded, unless the same values again changed nothing worth a record.
   */
  private changeEntry<Row, Input extends { isDefault?: boolean }, Saved extends object>(
    kind: EntryKind<Row, Input, Saved>,
    user: TrailSubject,
    id: string,
    patch: Partial<Input>,
    metadata: EventMetadata,
    changed: (saved: Saved, changes: FieldChanges<Saved>, defaultClearedOn: string[]) => UserStreamEvent,
    check: (current: Row) => void = () => undefined,
  ): Promise<Row | null> {
    return this.db.transaction().execute(async (trx) => {
      const current = await kind.lock(trx, user.id, id);
      if (!current) return null;
      check(current);
      const defaultClearedOn = patch.isDefault ? await clearDefault(trx, kind.table, user.id, id) : [];
      const updated = await kind.update(trx, user.id, id, patch);
      const changes = fieldChanges(kind.saved(current), kind.saved(updated));
      if (Object.keys(changes).length === 0 && defaultClearedOn.length === 0) return updated;
      await this.trail.record(user, [changed(kind.saved(updated), changes, defaultClearedOn)], metadata);
      return updated;
    });
  }

  /** A removal of either kind, in one transaction: false when the customer has no such entry; else gone, with its event. */
  private removeEntry<Row, Input, Saved>(
    kind: EntryKind<Row, Input, Saved>,
    user: TrailSubject,
    id: string,
    metadata: EventMetadata,
    removed: (saved: Saved) => UserStreamEvent,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await kind.remove(trx, user.id, id);
      if (!row) return false;
      await this.trail.record(user, [removed(kind.saved(row))], metadata);
      return true;
    });
  }
}
