import { STAFF_ROLE_NAMES } from './one-staff-account';

/**
 * A staff member's phone is not changed at the server for 30 days after the account last held a
 * staff role (third review, F8). The phone is where the account's password is reset: the person at
 * the server could remove a staff member's role (asking from an admin account made at the server,
 * and confirming as the second pair of eyes of `confirm-change`), give the account a phone of their
 * own, reset its password by SMS to it, and ask for the role back, so becoming that staff member
 * within minutes. Now they would wait 30 days, with the role's removal on the record and the staff
 * member locked out the whole time. A staff member with a new number gets a new account on it instead.
 *
 * Pure: the caller reads the account's `UserRolesChanged` events (its `user-<id>` stream).
 */

export const FORMER_STAFF_PHONE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RolesChange {
  roles: readonly string[];
  previousRoles: readonly string[];
  /** When the change was accepted (ISO 8601). */
  changedAt: string;
}

const isStaffRoles = (roles: readonly string[]) => STAFF_ROLE_NAMES.some((role) => roles.includes(role));

/** The last time within the 30 days before `now` that the account held a staff role (the change that ended it), or null. */
export function staffRoleHeldUntil(changes: readonly RolesChange[], now: Date): Date | null {
  const since = now.getTime() - FORMER_STAFF_PHONE_DAYS * DAY_MS;
  const recent = changes
    .filter((change) => Date.parse(change.changedAt) > since && (isStaffRoles(change.previousRoles) || isStaffRoles(change.roles)))
    .map((change) => Date.parse(change.changedAt));
  return recent.length > 0 ? new Date(Math.max(...recent)) : null;
}

/** Why the account's phone may not be changed at the server now, in words the operator acts on; null when it may. */
export function formerStaffPhoneProblem(accountId: string, changes: readonly RolesChange[], now: Date): string | null {
  const heldUntil = staffRoleHeldUntil(changes, now);
  if (!heldUntil) return null;
  const from = new Date(heldUntil.getTime() + FORMER_STAFF_PHONE_DAYS * DAY_MS);
  return (
    `Account ${accountId} held a staff role until ${heldUntil.toISOString()}: its phone is not changed at the server until ${from.toISOString()} ` +
    `(${FORMER_STAFF_PHONE_DAYS} days after), since its password is reset through it. ` +
    'For a staff member with a new number, make a new account on that number (create-admin, or on the admin screens with a second admin).'
  );
}
