import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../../db/services-database';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { ADMIN_ROLE } from '../../identity/admin-scope';
import { findUserByPhone, type UserRow } from '../../identity/users.repository';
import { changePasswordRecorded } from '../../identity/password-change';
import { unsettledSpellings } from '../../identity/canonical-phones-fix';
import { hashPassword } from '../../identity/password';
import type { UserRoles } from '../../identity/user-roles';
import { CommandError } from '../cli-errors';
import { oneTimePassword } from './one-time-password';

/** Who the events say acted, when an operator runs a command on the server itself. */
export const ADMIN_CLI_ACTOR = 'admin-cli';

export interface AccountDeps {
  db: Kysely<ServicesDatabase>;
  roles: UserRoles;
  /** Who the events name (ADMIN_CLI_ACTOR unless given), and how a new account says it was made. */
  actor?: string;
  via?: 'cli' | 'seed';
}

export interface CreateAdminResult {
  outcome: 'created' | 'granted' | 'already_admin';
  user: UserRow;
  /** The password this call generated, to be shown once; null when the operator gave it or none was set. */
  generatedPassword: string | null;
}

/**
 * An admin of `tenantId` (the operator's own: an operator admin; any other brand: a brand admin,
 * decisions/0014): a new account with the admin role, or the role given to the account that phone
 * already has there. A new account is recorded as UserRegistered (`via: 'cli'`, or `'seed'` for the
 * demo seed) and the role as UserRolesChanged, with system metadata, like every role change. An
 * existing account keeps its password: giving one for it is refused before anything changes, so
 * the operator never believes a password was set when it was not.
 */
export async function createAdmin(deps: AccountDeps, input: { phone: string; tenantId: string; password: string | null }): Promise<CreateAdminResult> {
  const metadata = systemMetadata(input.tenantId, deps.actor ?? ADMIN_CLI_ACTOR);
  const existing = await findUserByPhone(deps.db, input.tenantId, input.phone);
  if (existing) {
    if (input.password !== null) {
      throw new CommandError(`${input.phone} already has an account on this brand; its password is left as it is (use reset-password to change it)`);
    }
    if (existing.roles.includes(ADMIN_ROLE)) return { outcome: 'already_admin', user: existing, generatedPassword: null };
    const kept = (await unsettledSpellings(deps.db, { tenantId: input.tenantId, phone: input.phone })).map((s) => s.userId);
    if (kept.length > 0) {
      throw new CommandError(
        `${input.phone}: accounts ${kept.join(', ')} of this brand had this number under another spelling before phones had one form; settle them before making account ${existing.id} an admin (docs/operations.md, "Phones in one form")`,
      );
    }
    const granted = await deps.roles.change(existing.id, (user) => [...user.roles, ADMIN_ROLE], metadata);
    if (!granted) throw new CommandError(`${input.phone}: the account disappeared while the role was being given`);
    return { outcome: 'granted', user: granted, generatedPassword: null };
  }
  const password = input.password ?? oneTimePassword();
  const created = await deps.roles.create(
    { tenantId: input.tenantId, username: 'admin', phone: input.phone, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE] },
    deps.via ?? 'cli',
    metadata,
  );
  // Someone signed up with that phone between the look-up and the insert.
  if (!created) throw new CommandError(`${input.phone} was registered on this brand a moment ago; run the command again to give it the role`);
  return { outcome: 'created', user: created, generatedPassword: input.password === null ? password : null };
}

/**
 * A new password for the account `phone` has on `tenantId`. The change time moves on, so every
 * session signed in before it ends (tokens carry their issue time; auth.middleware.ts refuses older).
 * Recorded as PasswordChanged `by: 'reset'` with system metadata (never the password).
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { phone: string; tenantId: string; password: string | null },
): Promise<{ user: UserRow; generatedPassword: string | null; changedAt: Date }> {
  const user = await findUserByPhone(deps.db, input.tenantId, input.phone);
  if (!user) throw new CommandError(`No account with phone ${input.phone} on this brand`);
  const password = input.password ?? oneTimePassword();
  const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
  const changedAt = await changePasswordRecorded(deps.db, deps.roles.trail, user, await hashPassword(password), 'reset', metadata);
  return { user, generatedPassword: input.password === null ? password : null, changedAt };
}
