import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { AUTHENTICATOR_RESET } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../../db/services-database';
import { removeAuthenticator } from '../../identity/staff-authenticators';
import { endSessionsRecorded } from '../../identity/user-sessions';
import type { Trail } from '../../identity/user-trail';
import { findUserByPhone, type UserRow } from '../../identity/users.repository';
import { CommandError } from '../cli-errors';
import { ADMIN_CLI_ACTOR } from './admin-accounts';

export interface ResetTotpDeps {
  db: Kysely<ServicesDatabase>;
  trail: Trail;
  actor?: string;
}

/**
 * Removes the authenticator (and recovery codes) of the account `phone` has on `tenantId`, for a
 * staff member who lost their phone and their codes (decision 0029). Every session of the account
 * ends; their next sign-in enrols a new authenticator (when required) after their password.
 * Recorded as AuthenticatorReset with system metadata, with the sessions it ended.
 */
export async function resetTotp(deps: ResetTotpDeps, input: { phone: string; tenantId: string }): Promise<{ user: UserRow; endedSessions: number }> {
  const user = await findUserByPhone(deps.db, input.tenantId, input.phone);
  if (!user) throw new CommandError(`No account with phone ${input.phone} on this brand`);
  const metadata = systemMetadata(user.tenant_id, deps.actor ?? ADMIN_CLI_ACTOR);
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await removeAuthenticator(trx, user.id))) throw new CommandError(`${input.phone} on this brand has no authenticator app; nothing was changed`);
    await deps.trail.record(user, [{ type: AUTHENTICATOR_RESET, data: { userId: user.id, tenantId: user.tenant_id, resetAt: metadata.acceptedAt } }], metadata);
    return endSessionsRecorded(trx, deps.trail, user, 'authenticator_reset', metadata, { wasStaff: true });
  });
  return { user, endedSessions: ended.length };
}
