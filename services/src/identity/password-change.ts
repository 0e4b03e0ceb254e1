import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { PASSWORD_CHANGED, type PasswordChangedBy, type SessionEndReason } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { changePassword, type UserRow } from './users.repository';
import type { Trail } from './user-trail';
import { endSessionsRecorded } from './user-sessions';

/** Which sessions a change ends, and why: the user's own change keeps the session that made it. */
const ENDS: Record<PasswordChangedBy, SessionEndReason> = { self: 'password_changed', reset: 'password_reset', sms_reset: 'sms_reset' };

export interface PasswordChange {
  changedAt: Date;
  /** The sessions it ended, for this process's cache (UserSessions.forget). */
  endedSessions: string[];
}

/**
 * A new password hash for the user, and PasswordChanged (who did it, never the hash) in the same
 * transaction, which also ends the user's sessions (decision 0029): every one after a reset (the
 * operator's, or by a code sent to the phone), every one but `keepSession` after the user's own
 * change. A reset by a code sent to the phone is a password the holder chose: no longer one an admin
 * chose. The operator's reset (`by: 'reset'`) is marked as chosen by another when `setByOther` says
 * so (a staff account's: the person at the server must not hold a staff identity's password, so
 * its holder sets their own by SMS before signing in); otherwise it is the holder's. The user's own
 * change keeps the mark as it was (whoever knew the old password could have made it). Tokens issued
 * before the change time stop working too.
 */
export async function changePasswordRecorded(
  db: Kysely<ServicesDatabase>,
  trail: Trail,
  user: UserRow,
  passwordHash: string,
  by: PasswordChangedBy,
  metadata: EventMetadata,
  keepSession?: string,
  setByOther = false,
): Promise<PasswordChange> {
  const mark = by === 'self' ? undefined : by === 'reset' && setByOther;
  return db.transaction().execute(async (trx) => {
    const changedAt = await changePassword(trx, user.id, passwordHash, mark);
    const data = { userId: user.id, tenantId: user.tenant_id, phone: user.phone, by, changedAt: changedAt.toISOString() };
    await trail.record(user, [{ type: PASSWORD_CHANGED, data }], metadata);
    const endedSessions = await endSessionsRecorded(trx, trail, user, ENDS[by], metadata, by === 'self' && keepSession ? { except: keepSession } : {});
    return { changedAt, endedSessions };
  });
}
