import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { USER_ROLES_CHANGED, type RegisteredVia } from '@desk/machines/identity/user.events';
import type { NewUser, UserRow } from './users.repository';
import { UserTrail } from './user-trail';
import { registerUser } from './register-user';
import { endSessionsRecorded } from './user-sessions';
import { isStaff } from './admin-scope';

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * Who may act as an admin is a compliance question, so every change of a user's roles is an event
 * on the stream `user-<id>` with who, when and from where, appended (user-trail.ts) inside the
 * transaction that changes the users row sign-in reads.
 */
export class UserRoles {
  /** The recorder of everything on users' streams, for the commands made beside the roles (passwords, lock-outs). */
  readonly trail: UserTrail;

  /**
   * `changed` is told of each user whose roles changed, once committed (signed-in-users.ts's
   * `forget`); `sessionsEnded` of the sessions the change ended (signed-in-sessions.ts's).
   */
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    store: EventStore,
    private readonly changed: (userId: string) => void = () => undefined,
    private readonly sessionsEnded: (sessionIds: readonly string[]) => void = () => undefined,
  ) {
    this.trail = new UserTrail(store);
  }

  /** Creates the user with their roles (UserRegistered, and UserRolesChanged when it has any); null when the phone is taken in that tenant. */
  create(user: NewUser, via: RegisteredVia, metadata: EventMetadata): Promise<UserRow | null> {
    return registerUser(this.db, this.trail, user, via, metadata);
  }

  /**
   * Sets the user's roles to what `decide` returns for the current row; nothing is recorded when
   * they stay the same. A change ends every session of the account (decision 0029): whoever holds
   * it signs in again under the new roles (staff: with their authenticator, and only with a
   * password they chose).
   */
  async change(userId: string, decide: (current: UserRow) => string[], metadata: EventMetadata): Promise<UserRow | null> {
    let ended: string[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!current) return null;
      const roles = [...new Set(decide(current))].sort();
      if (sameRoles(roles, current.roles)) return current;
      const updated = await trx.updateTable('users').set({ roles, updated_at: new Date() }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
      await this.trail.record(
        updated,
        [
          {
            type: USER_ROLES_CHANGED,
            data: {
              userId: updated.id,
              tenantId: updated.tenant_id,
              phone: updated.phone,
              roles: updated.roles,
              previousRoles: current.roles,
              changedAt: metadata.acceptedAt,
            },
          },
        ],
        metadata,
      );
      ended = await endSessionsRecorded(trx, this.trail, updated, 'roles_changed', metadata, { wasStaff: isStaff(current) });
      return updated;
    });
    // The stored id: the caller's may be spelled otherwise (capitals), and would forget nothing.
    if (result) this.changed(result.id);
    this.sessionsEnded(ended);
    return result;
  }
}
