import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { USER_REGISTERED, USER_ROLES_CHANGED, type RegisteredVia } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { insertUser, type NewUser, type UserRow } from './users.repository';
import type { Trail, UserStreamEvent } from './user-trail';

/** Given, or made from the new row when the actor is the new user (a sign-up has no one signed in). */
export type RegistrationMetadata = EventMetadata | ((created: UserRow) => EventMetadata);

/**
 * Every account is made here: the users row and UserRegistered (with UserRolesChanged from none
 * when it has roles, so role history stays one event type) in one transaction. Null when the phone
 * is taken in that tenant, and then nothing is recorded. An account an admin makes on the admin
 * screens has a password the admin chose: it is marked so (`password_set_by_other`), and as staff
 * it cannot sign in by password until its holder sets their own (decision 0029).
 */
export async function registerUser(
  db: Kysely<ServicesDatabase>,
  trail: Trail,
  user: NewUser,
  via: RegisteredVia,
  metadata: RegistrationMetadata,
): Promise<UserRow | null> {
  return db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { ...user, roles: [...new Set(user.roles)].sort(), passwordSetByOther: via === 'admin' });
    if (!created) return null;
    const meta = typeof metadata === 'function' ? metadata(created) : metadata;
    const base = { userId: created.id, tenantId: created.tenant_id, phone: created.phone };
    const events: UserStreamEvent[] = [
      { type: USER_REGISTERED, data: { ...base, username: created.username, roles: created.roles, via, registeredAt: meta.acceptedAt } },
    ];
    if (created.roles.length > 0) {
      events.push({ type: USER_ROLES_CHANGED, data: { ...base, roles: created.roles, previousRoles: [], changedAt: meta.acceptedAt } });
    }
    await trail.record(created, events, meta);
    return created;
  });
}
