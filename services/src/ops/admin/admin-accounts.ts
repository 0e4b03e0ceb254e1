import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../../db/services-database';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { staffElsewhereProblem } from '@desk/machines/identity/one-staff-account';
import { ADMIN_ROLE, isStaff } from '../../identity/admin-scope';
import { staffRoleHeldUntil } from '@desk/machines/identity/former-staff-phone';
import { findUserByPhone, findUsersByPhone, type UserRow } from '../../identity/users.repository';
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
  /** created: a new account; granted: the role given to the account the phone had, its password reset; already_admin: nothing changed (or only the password, with the flag). */
  outcome: 'created' | 'granted' | 'already_admin';
  user: UserRow;
  /** The password this call generated, to be shown once; null when the operator gave it or none was set. */
  generatedPassword: string | null;
  /** A staff account's password was reset: it is marked as chosen by another, and does not sign in until its holder sets their own by SMS. */
  holderMustReset: boolean;
}

/**
 * An admin of `tenantId` (the operator's own: an operator admin; any other brand: a brand admin,
 * decisions/0014): a new account with the admin role, recorded as UserRegistered (`via: 'cli'`, or
 * `'seed'` for the demo seed) and the role as UserRolesChanged, with system metadata.
 *
 * An account the phone already has on the brand is never adopted silently (decision 0029): someone
 * else may have made it with a password they know (a brand admin can make accounts). Without
 * `resetPassword` the command refuses, naming the account; with it, the account gets the role and a
 * new password (generated, or the operator's): UserRolesChanged and PasswordChanged `by: 'reset'`,
 * every session ended. That password is marked as chosen by another, as a staff account's reset
 * is: the account's holder sets their own by a code sent to its phone before signing in as staff.
 * Otherwise the person at the server would become an existing account's holder, a staff member
 * whose role was removed a minute before included (the fifth review's G1). An existing admin is left as it is, unless
 * `resetPassword` asks for a new password, which like any reset of a staff account's password here is
 * marked as chosen by another (`resetPassword` below). Making an account staff the person at the
 * server trusts: the first admin, a customer's account given the role.
 *
 * One person holds one staff account (the review's F4): a phone that holds admin or compliance on
 * another account, on any brand, is refused, naming it, and nothing changes.
 */
export async function createAdmin(
  deps: AccountDeps,
  input: { phone: string; tenantId: string; password: string | null; resetPassword?: boolean },
): Promise<CreateAdminResult> {
  const metadata = systemMetadata(input.tenantId, deps.actor ?? ADMIN_CLI_ACTOR);
  const existing = await findUserByPhone(deps.db, input.tenantId, input.phone);
  const everywhere = (await findUsersByPhone(deps.db, input.phone)).map((user) => ({ id: user.id, tenantId: user.tenant_id, roles: user.roles }));
  const elsewhere = staffElsewhereProblem(input.phone, everywhere, existing?.id ?? null);
  if (elsewhere) throw new CommandError(`${elsewhere}. Nothing was changed.`);
  if (existing) {
    const isAdmin = existing.roles.includes(ADMIN_ROLE);
    if (!isAdmin) {
      const kept = (await unsettledSpellings(deps.db, { tenantId: input.tenantId, phone: input.phone })).map((s) => s.userId);
      if (kept.length > 0) {
        throw new CommandError(
          `${input.phone}: accounts ${kept.join(', ')} of this brand had this number under another spelling before phones had one form; settle them before making account ${existing.id} an admin (docs/operations.md, "Phones in one form")`,
        );
      }
    }
    if (!input.resetPassword) {
      if (isAdmin && input.password === null) return { outcome: 'already_admin', user: existing, generatedPassword: null, holderMustReset: false };
      throw new CommandError(
        `${input.phone} already has an account on this brand (user ${existing.id}, ${existing.roles.length > 0 ? `roles ${existing.roles.join(', ')}` : 'a customer'}, made ${existing.created_at.toISOString()}); ` +
          'its password may be known to whoever made it. Nothing was changed. Run again with --reset-password to give it the role with a new password.',
      );
    }
    const password = input.password ?? oneTimePassword();
    const reset = await resetPassword(deps, { phone: input.phone, tenantId: input.tenantId, password }, { becomingStaff: true });
    const granted = isAdmin ? reset.user : await deps.roles.change(existing.id, (user) => [...user.roles, ADMIN_ROLE], metadata);
    if (!granted) throw new CommandError(`${input.phone}: the account disappeared while the role was being given`);
    return {
      outcome: isAdmin ? 'already_admin' : 'granted',
      user: granted,
      generatedPassword: input.password === null ? password : null,
      holderMustReset: reset.holderMustReset,
    };
  }
  const password = input.password ?? oneTimePassword();
  const created = await deps.roles.create(
    { tenantId: input.tenantId, username: 'admin', phone: input.phone, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE] },
    deps.via ?? 'cli',
    metadata,
  );
  // Someone signed up with that phone between the look-up and the insert.
  if (!created)
    throw new CommandError(`${input.phone} was registered on this brand a moment ago; run the command again (with --reset-password to give it the role)`);
  return { outcome: 'created', user: created, generatedPassword: input.password === null ? password : null, holderMustReset: false };
}

/**
 * A new password for the account `phone` has on `tenantId`. Every session of the account ends
 * (decision 0029). Recorded as PasswordChanged `by: 'reset'` with system metadata (never the password).
 *
 * A customer's account gets the operator's password to hand over. A staff account's (admin or
 * compliance, the review's I2; or one that held a staff role in the last 30 days, the sixth
 * review's H1) is marked as chosen by another (`password_set_by_other`): staff
 * sign-in refuses it until the holder sets their own with a code sent to their phone, so shell
 * access to the server does not become a staff member's identity (and a second admin's
 * confirmation) by a reset. The reset still ends the sessions and voids the old password.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { phone: string; tenantId: string; password: string | null },
  options: { becomingStaff?: boolean } = {},
): Promise<{ user: UserRow; generatedPassword: string | null; changedAt: Date; holderMustReset: boolean }> {
  const user = await findUserByPhone(deps.db, input.tenantId, input.phone);
  if (!user) throw new CommandError(`No account with phone ${input.phone} on this brand`);
  const password = input.password ?? oneTimePassword();
  const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
  // `becomingStaff`: create-admin gives the role next. A staff member whose role was removed in the
  // last 30 days is staff still for this (the sixth review's H1): the role can be given back by two
  // admins, the person at the server both of them, and this password would then sign in as them.
  const holderMustReset =
    isStaff(user) || options.becomingStaff === true || staffRoleHeldUntil(await deps.roles.trail.rolesChanges(user.id), new Date()) !== null;
  const hash = await hashPassword(password);
  const { changedAt } = await changePasswordRecorded(deps.db, deps.roles.trail, user, hash, 'reset', metadata, undefined, holderMustReset);
  return { user, generatedPassword: input.password === null ? password : null, changedAt, holderMustReset };
}
