import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { USER_PHONE_CHANGED } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../../db/services-database';
import type { Trail } from '../../identity/user-trail';
import { isPhoneTaken } from '../../identity/users.repository';
import { CommandError } from '../cli-errors';
import { ADMIN_CLI_ACTOR } from './admin-accounts';

export interface ChangePhoneDeps {
  db: Kysely<ServicesDatabase>;
  trail: Trail;
  actor?: string;
}

export type ChangePhoneResult = { outcome: 'changed'; previousPhone: string } | { outcome: 'unchanged' };

/**
 * Gives an account another phone (canonical, from account-input.ts): how the operator settles two
 * accounts of one number (decision 0024), or a customer's new number. Recorded as UserPhoneChanged
 * on the account's trail, in the transaction that changes the row; refused when the phone is another
 * account's in that brand. Sessions go on: the account is the same person's.
 */
export async function changePhone(deps: ChangePhoneDeps, input: { userId: string; phone: string }): Promise<ChangePhoneResult> {
  const current = await deps.db.selectFrom('users').select(['id', 'tenant_id', 'phone']).where('id', '=', input.userId).executeTakeFirst();
  if (!current) throw new CommandError(`No account ${input.userId}`);
  if (current.phone === input.phone) return { outcome: 'unchanged' };
  const taken = await deps.db.selectFrom('users').select('id').where('tenant_id', '=', current.tenant_id).where('phone', '=', input.phone).executeTakeFirst();
  if (taken) throw new CommandError(`${input.phone} is account ${taken.id}'s on this brand: give that account another phone first`);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ phone: input.phone, updated_at: new Date() })
        .where('id', '=', current.id)
        .where('phone', '=', current.phone)
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
