import type { EventStore } from '@desk/platform/eventstore/event-store';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { USER_ROLES_CHANGED, type UserRolesChanged } from '@desk/machines/identity/user.events';
import type { RolesChange } from '@desk/machines/identity/former-staff-phone';

/** An account's role changes, oldest first, from its `user-<id>` stream: when it last held a staff role (former-staff-phone.ts). */
export async function rolesChangesOf(events: Pick<EventStore, 'readStream'>, userId: string): Promise<RolesChange[]> {
  const stream = await events.readStream(streamId('user', userId));
  return stream.flatMap((event) => (event.type === USER_ROLES_CHANGED ? [event.data as UserRolesChanged] : []));
}
