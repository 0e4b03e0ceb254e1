import { randomUUID } from 'node:crypto';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import type { IpEvent, UserEvent } from '@desk/machines/identity/user.events';
import type { SavedAccountEvent } from '@desk/machines/accounts/saved-account.events';
import type { RolesChange } from '@desk/machines/identity/former-staff-phone';
import { rolesChangesOf } from './roles-history';

/** Everything recorded on a user's stream. */
export type UserStreamEvent = UserEvent | SavedAccountEvent;

/** An event of a user's stream and the request it was appended under (none: a request sent without a key). */
export type RecordedUserEvent = UserStreamEvent & { idempotencyId?: string };

/** Whose stream: the user's id and brand (the events' tenant is always the user's own). */
export interface TrailSubject {
  id: string;
  tenant_id: string;
}

/**
 * The one place events about users are appended: on `user-<id>`, with who, when and from where.
 * Callers append inside the database transaction that changes the table sign-in and the screens
 * read, before it commits, so an append that fails changes nothing. (A crash between the append and
 * the commit would leave an event for a change that did not happen: the record errs towards saying
 * too much, never too little.) Appends are `expected: 'any'`: the table row, not the stream, is
 * what the change was decided against.
 */
export class UserTrail {
  constructor(private readonly store: EventStore) {}

  /** The account's role changes, from its stream (roles-history.ts). */
  rolesChanges(userId: string): Promise<RolesChange[]> {
    return rolesChangesOf(this.store, userId);
  }

  /**
   * The user's stream, each event with the request (idempotencyId) it was appended under: a re-run of
   * a request finds what its first run recorded, and what was recorded since (decision 0062).
   */
  async recorded(userId: string): Promise<RecordedUserEvent[]> {
    const recorded = await this.store.readStream(streamId('user', userId));
    return recorded.map((e) => ({ type: e.type, data: e.data, idempotencyId: e.metadata.idempotencyId }) as RecordedUserEvent);
  }

  async record(user: TrailSubject, events: readonly UserStreamEvent[], metadata: EventMetadata): Promise<void> {
    await this.append(streamId('user', user.id), events, { ...metadata, tenantId: user.tenant_id });
  }

  /** A sign-in lock-out of a client address: its own stream, `ip-<address>`, as it is nobody's account. */
  async recordIp(ip: string, event: IpEvent, metadata: EventMetadata): Promise<void> {
    await this.append(streamId('ip', ip), [event], metadata);
  }

  private async append(stream: string, events: readonly (UserStreamEvent | IpEvent)[], metadata: EventMetadata): Promise<void> {
    if (events.length === 0) return;
    await this.store.append(
      stream,
      events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata })),
      { expected: 'any' },
    );
  }
}

export type Trail = Pick<UserTrail, 'record' | 'recordIp'>;
