import type { Kysely } from 'kysely';
import { staffElsewhereProblem } from '@desk/machines/identity/one-staff-account';
import { STAFF_ROLES } from '@desk/machines/desk-changes/needs-second-admin';
import type { ServicesDatabase } from '../db/services-database';
import { findUsersByPhone } from '../identity/users.repository';
import { StaffElsewhereError } from './desk-change-errors';

/**
 * Refuses (409 staff_elsewhere) to make `phone` staff on account `targetId` (null: a new account)
 * while another account with that phone, on any brand, holds a staff role: one person, one staff
 * account (the review's F4). Asked when a staff account or a grant is requested and again when it
 * is confirmed.
 */
export async function refuseStaffElsewhere(users: Kysely<ServicesDatabase>, phone: string, targetId: string | null): Promise<void> {
  const accounts = (await findUsersByPhone(users, phone)).map((row) => ({ id: row.id, tenantId: row.tenant_id, roles: row.roles }));
  const problem = staffElsewhereProblem(phone, accounts, targetId);
  if (problem) throw new StaffElsewhereError(problem);
}

/** Whether `after` gives an account a staff role it did not hold. */
export const grantsStaff = (before: readonly string[], after: readonly string[]): boolean =>
  STAFF_ROLES.some((role) => after.includes(role) && !before.includes(role));
