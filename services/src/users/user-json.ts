import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServicesDatabase } from '../db/services-database';
import type { UserRow } from '../identity/users.repository';
import { adminScopeOf } from '../identity/admin-scope';
import {
  bankAccountJson,
  bankAccountJsonSchema,
  listBankAccounts,
  listWallets,
  walletJson,
  walletJsonSchema,
  type BankAccountRow,
  type WalletRow,
} from '../accounts/saved-accounts.repository';

/** A user as the API answers it (`userJson`). */
export const userJsonSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  phone: z.string(),
  roles: z.array(z.string()).describe('admin, compliance; empty for a customer'),
  tenantId: z.string().describe('The brand the account belongs to'),
  adminScope: z.enum(['all_brands', 'brand']).nullable().describe('What an admin may run: every brand, their brand, or null (not an admin)'),
  wallets: z.object({ usdt: z.array(walletJsonSchema) }),
  bankDetails: z.object({ accounts: z.array(bankAccountJsonSchema), upiId: z.string().nullable() }),
  createdAt: z.iso.datetime(),
  language: z.enum(['en', 'hi']).nullable().describe("The screens' language, null until chosen"),
});

/** A user as the clients read it (seed-spec section 3), with their saved wallets and bank accounts. */
export function userJson(user: UserRow, wallets: readonly WalletRow[] = [], accounts: readonly BankAccountRow[] = []): z.infer<typeof userJsonSchema> {
  return {
    _id: user.id,
    username: user.username,
    phone: user.phone,
    roles: user.roles,
    tenantId: user.tenant_id,
    /** What an admin may run: every brand, their brand, or nothing (not an admin). */
    adminScope: adminScopeOf(user)?.kind ?? null,
    wallets: { usdt: wallets.map(walletJson) },
    bankDetails: { accounts: accounts.map(bankAccountJson), upiId: null as string | null },
    createdAt: user.created_at.toISOString(),
    /** The language chosen for the screens ('en' or 'hi'), null until chosen (decision 0036). */
    language: (user.language ?? null) as 'en' | 'hi' | null,
  };
}

/** Users with their saved accounts, in two queries however many users. */
export async function usersJson(db: Kysely<ServicesDatabase>, users: readonly UserRow[]): Promise<UserJson[]> {
  const ids = users.map((u) => u.id);
  const [wallets, accounts] = await Promise.all([listWallets(db, ids), listBankAccounts(db, ids)]);
  return users.map((u) =>
    userJson(
      u,
      wallets.filter((w) => w.user_id === u.id),
      accounts.filter((a) => a.user_id === u.id),
    ),
  );
}

export async function oneUserJson(db: Kysely<ServicesDatabase>, user: UserRow): Promise<UserJson> {
  return (await usersJson(db, [user]))[0]!;
}

export type UserJson = z.infer<typeof userJsonSchema>;
