import { sql, type Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { USER_PHONE_CHANGED } from '@desk/machines/identity/user.events';
import { formerStaffPhoneProblem } from '@desk/machines/identity/former-staff-phone';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ServicesDatabase } from '../../db/services-database';
import type { Trail } from '../../identity/user-trail';
import { rolesChangesOf } from '../../identity/roles-history';
import { isPhoneTaken } from '../../identity/users.repository';
import { STAFF_ROLES } from '@desk/machines/desk-changes/needs-second-admin';
import { CommandError } from '../cli-errors';
import { ADMIN_CLI_ACTOR } from './admin-accounts';

export interface ChangePhoneDeps {
  db: Kysely<ServicesDatabase>;
  trail: Trail;
  /** The account's stream: when it last held a staff role (former-staff-phone.ts). */
  events: Pick<EventStore, 'readStream'>;
  actor?: string;
}

export type ChangePhoneResult = { outcome: 'changed'; previousPhone: string } | { outcome: 'unchanged' };

/**
 * Gives an account another phone (canonical, from account-input.ts): how the operator settles two
 * accounts of one number (decision 0024), or a customer's new number. Recorded as UserPhoneChanged
 * on the account's trail, in the transaction that changes the row; refused when the phone is another
 * account's in that brand. Sessions go on: the account is the same person's.
 *
 * Refused for an account that holds a staff role (the second review's N7): a staff account's phone
 * is where its password is reset, so a phone given at the server, then `reset-password`,
 * `reset-totp` and a reset by SMS, made the person at the server that staff member, with no second
 * admin and nothing sent to the holder. The role is removed first (a second admin confirms that),
 * then the phone changed, then the role asked for again.
 *
 * And refused for 30 days after the account last held a staff role (the third review's F8): the
 * person at the server can be the second pair of eyes of a desk change (`confirm-change`), so the
 * removal above, then the phone, the SMS reset and the role again made them that staff member all
 * the same. A staff member with a new number gets a new account on it.
 */
export async function changePhone(deps: ChangePhoneDeps, input: { userId: string; phone: string }, now = new Date()): Promise<ChangePhoneResult> {
  const current = await deps.db.selectFrom('users').select(['id', 'tenant_id', 'phone', 'roles']).where('id', '=', input.userId).executeTakeFirst();
  if (!current) throw new CommandError(`No account ${input.userId}`);
  if (current.phone === input.phone) return { outcome: 'unchanged' };
  const staff = STAFF_ROLES.filter((role) => current.roles.includes(role));
  if (staff.length > 0) throw new CommandError(staffRefusal(current.id, staff));
  const formerStaff = formerStaffPhoneProblem(current.id, await rolesChangesOf(deps.events, current.id), now);
  if (formerStaff) throw new CommandError(formerStaff);
  const taken = await deps.db.selectFrom('users').select('id').where('tenant_id', '=', current.tenant_id).where('phone', '=', input.phone).executeTakeFirst();
  if (taken) throw new CommandError(`${input.phone} is account ${taken.id}'s on this brand: give that account another phone first`);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ phone: input.phone, updated_at: new Date() })
        .where('id', '=', current.id)
        .where('phone', '=', current.phone)
        // Made staff since it was read: refused as above (no role is granted without a second admin, but one may have been confirmed).
        .where(sql<boolean>`not (roles && ${sql.val([...STAFF_ROLES])}::text[])`)
        .returning(['id', 'tenant_id'])
        .executeTakeFirst();
      if (!updated) throw new CommandError(`Account ${current.id} changed while this ran; run the command again`);
      const metadata = systemMetadata(updated.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
      const data = { userId: updated.id, tenantId: updated.tenant_id, phone: input.phone, previousPhone: current.phone, changedAt: metadata.acceptedAt };
      await deps.trail.record(updated, [{ type: USER_PHONE_CHANGED, data }], metadata);
      return { outcome: 'changed' as const, previousPhone: current.phone };
    });
  } catch (error) {
    // Someone took the phone in that brand between the check and the update.
    if (isPhoneTaken(error)) throw new CommandError(`${input.phone} was taken on this brand a moment ago`);
    throw error;
  }
}

const staffRefusal = (userId: string, roles: readonly string[]) =>
  `Account ${userId} holds a staff role (${roles.join(', ')}): its phone is not changed at the server, since its password is reset through it. ` +
  'Remove the role first (a second admin confirms that, on the Pending changes screen or with confirm-change), change the phone, then ask for the role again.';
