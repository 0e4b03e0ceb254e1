import type { UserRow } from './users.repository';

/**
 * A user as the clients read it (seed-spec section 3). Saved wallets and bank accounts arrive with
 * the accounts issue; until then the lists are empty, in the shape the screens expect.
 */
export function userJson(user: UserRow) {
  return {
    _id: user.id,
    username: user.username,
    phone: user.phone,
    roles: user.roles,
    tenantId: user.tenant_id,
    wallets: { usdt: [] as unknown[] },
    bankDetails: { accounts: [] as unknown[], upiId: null as string | null },
    createdAt: user.created_at.toISOString(),
  };
}

export type UserJson = ReturnType<typeof userJson>;

export function isAdmin(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.includes('admin');
}
