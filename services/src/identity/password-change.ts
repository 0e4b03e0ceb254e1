import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { PASSWORD_CHANGED, type PasswordChangedBy } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { changePassword, type UserRow } from './users.repository';
import type { Trail } from './user-trail';

/**
 * A new password hash for the user, and PasswordChanged (who did it, never the hash) in the same
 * transaction. Returns the change time: tokens issued before it stop working.
 */
export async function changePasswordRecorded(
  db: Kysely<ServicesDatabase>,
  trail: Trail,
  user: UserRow,
  passwordHash: string,
  by: PasswordChangedBy,
  metadata: EventMetadata,
): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    const changedAt = await changePassword(trx, user.id, passwordHash);
    const data = { userId: user.id, tenantId: user.tenant_id, phone: user.phone, by, changedAt: changedAt.toISOString() };
    await trail.record(user, [{ type: PASSWORD_CHANGED, data }], metadata);
    return changedAt;
  });
}
