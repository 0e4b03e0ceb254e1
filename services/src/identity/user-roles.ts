import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { insertUser, type NewUser, type UserRow } from './users.repository';

export const USER_ROLES_CHANGED = 'UserRolesChanged';

export interface UserRolesChanged {
  userId: string;
  tenantId: string;
  phone: string;
  roles: string[];
  previousRoles: string[];
  changedAt: string;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * Who may act as an admin is a compliance question, so every change of a user's roles is an event
 * on the stream `user-<id>` with who, when and from where. The users table stays the place sign-in
 * reads; the event is appended inside the transaction that changes the row, so a failed append
 * changes nothing. (A crash between the append and the commit would leave an event for a change
 * that did not happen: the record errs towards saying too much, never too little.)
 */
export class UserRoles {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly store: EventStore,
  ) {}

  /** Creates the user with their roles; null when the phone is taken in that tenant. */
  async create(user: NewUser, metadata: EventMetadata): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, { ...user, roles: [...new Set(user.roles)].sort() });
      if (!created) return null;
      if (created.roles.length > 0) await this.record(created, [], metadata);
      return created;
    });
  }

  /** Sets the user's roles to what `decide` returns for the current row; nothing is recorded when they stay the same. */
  async change(userId: string, decide: (current: UserRow) => string[], metadata: EventMetadata): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!current) return null;
      const roles = [...new Set(decide(current))].sort();
      if (sameRoles(roles, current.roles)) return current;
      const updated = await trx.updateTable('users').set({ roles, updated_at: new Date() }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
      await this.record(updated, current.roles, metadata);
      return updated;
    });
  }

  private async record(user: UserRow, previousRoles: string[], metadata: EventMetadata): Promise<void> {
    const data: UserRolesChanged = {
      userId: user.id,
      tenantId: user.tenant_id,
      phone: user.phone,
      roles: user.roles,
      previousRoles,
      changedAt: metadata.acceptedAt,
    };
    await this.store.append(
      streamId('user', user.id),
      [{ eventId: randomUUID(), type: USER_ROLES_CHANGED, data, metadata: { ...metadata, tenantId: user.tenant_id } }],
      { expected: 'any' },
    );
  }
}
