import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { NETWORKS, type Network } from '@desk/machines/addresses/networks';
import type { ServicesDatabase, UserBankAccountsTable, UserWalletsTable } from '../db/services-database';

export type WalletRow = Selectable<UserWalletsTable>;
export type BankAccountRow = Selectable<UserBankAccountsTable>;
type Db = Kysely<ServicesDatabase>;
type Table = 'user_wallets' | 'user_bank_accounts';

/**
 * Both kinds of saved account share these rules: a customer sees and changes only their own, and
 * making one the default clears the previous default in the same transaction. The writes here run
 * inside the caller's transaction (saved-accounts.ts), which records each change as an event.
 */

/** Clears the default flag on the customer's other entries; answers the ids it was taken from. */
export async function clearDefault(trx: Db, table: Table, userId: string, keep: string | null): Promise<string[]> {
  let query = trx.updateTable(table).set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true);
  if (keep !== null) query = query.where('id', '!=', keep);
  return (await query.returning('id').execute()).map((r) => r.id);
}

/** Only the columns a partial edit names; `undefined` means "leave as it is". */
function changed<T extends Record<string, unknown>>(columns: T): Partial<T> {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function listWallets(db: Db, userIds: string[]): Promise<WalletRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('user_wallets').selectAll().where('user_id', 'in', userIds).orderBy('created_at').execute();
}

export function listBankAccounts(db: Db, userIds: string[]): Promise<BankAccountRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('user_bank_accounts').selectAll().where('user_id', 'in', userIds).orderBy('created_at').execute();
}

export function findBankAccount(db: Db, userId: string, id: string): Promise<BankAccountRow | undefined> {
  return db.selectFrom('user_bank_accounts').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The customer's own wallet, locked until the transaction ends (its change is diffed against it). */
export function lockWallet(trx: Db, userId: string, id: string): Promise<WalletRow | undefined> {
  return trx.selectFrom('user_wallets').selectAll().where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockBankAccount(trx: Db, userId: string, id: string): Promise<BankAccountRow | undefined> {
  return trx.selectFrom('user_bank_accounts').selectAll().where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface WalletInput {
  network: string;
  address: string;
  label: string;
  isDefault: boolean;
}

/** Null when the customer already saved this address on this network. `id`: the request's, when it has one (saved-accounts.ts). */
export async function insertWallet(trx: Db, userId: string, input: WalletInput, id: string = randomUUID()): Promise<WalletRow | null> {
  const row = await trx
    .insertInto('user_wallets')
    .values({ id, user_id: userId, network: input.network, address: input.address, label: input.label, is_default: input.isDefault })
    .onConflict((oc) => oc.constraint('user_wallets_address_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export function updateWallet(trx: Db, userId: string, id: string, input: Partial<WalletInput>): Promise<WalletRow> {
  return trx
    .updateTable('user_wallets')
    .set({ ...changed({ network: input.network, address: input.address, label: input.label, is_default: input.isDefault }), updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BankAccountInput {
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  isDefault: boolean;
}

export function insertBankAccount(trx: Db, userId: string, input: BankAccountInput, id: string = randomUUID()): Promise<BankAccountRow> {
  return trx
    .insertInto('user_bank_accounts')
    .values({
      id,
      user_id: userId,
      bank_name: input.bankName,
      account_name: input.accountName,
      account_number: input.accountNumber,
      ifsc: input.ifsc,
      is_default: input.isDefault,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateBankAccount(trx: Db, userId: string, id: string, input: Partial<BankAccountInput>): Promise<BankAccountRow> {
  return trx
    .updateTable('user_bank_accounts')
    .set({
      ...changed({
        bank_name: input.bankName,
        account_name: input.accountName,
        account_number: input.accountNumber,
        ifsc: input.ifsc,
        is_default: input.isDefault,
      }),
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The customer's own wallet, deleted; undefined when they have none with that id. */
export function deleteWallet(trx: Db, userId: string, id: string): Promise<WalletRow | undefined> {
  return trx.deleteFrom('user_wallets').where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteBankAccount(trx: Db, userId: string, id: string): Promise<BankAccountRow | undefined> {
  return trx.deleteFrom('user_bank_accounts').where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** A saved wallet as the API answers it. */
export const walletJsonSchema = z.object({
  _id: z.string(),
  address: z.string(),
  network: z.enum(NETWORKS),
  label: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});

export function walletJson(w: WalletRow): z.infer<typeof walletJsonSchema> {
  return { _id: w.id, address: w.address, network: w.network as Network, label: w.label, isDefault: w.is_default, createdAt: w.created_at.toISOString() };
}

/** A saved bank account as the API answers it (`accountName`: sent as `accountHolder` or `accountName`). */
export const bankAccountJsonSchema = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});

export function bankAccountJson(b: BankAccountRow): z.infer<typeof bankAccountJsonSchema> {
  return {
    _id: b.id,
    bankName: b.bank_name,
    accountName: b.account_name,
    accountNumber: b.account_number,
    ifsc: b.ifsc,
    isDefault: b.is_default,
    createdAt: b.created_at.toISOString(),
  };
}
