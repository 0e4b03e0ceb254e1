import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { coversTenant, type AdminScope } from './admin-scope';

export interface EventActor {
  id: string;
  phone: string;
  username: string | null;
  tenant_id: string;
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The people behind events' actor ids, for histories that show who acted by phone and name.
 * System actors (the expiry job, the sweeper, a CLI) are not users and are simply absent.
 */
export async function eventActors(users: Kysely<ServicesDatabase>, actorIds: Iterable<string>): Promise<Map<string, EventActor>> {
  const ids = [...new Set(actorIds)].filter((id) => USER_ID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await users.selectFrom('users').select(['id', 'phone', 'username', 'tenant_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * Whether `reader` is shown who `person` is (name, phone, address, browser): the people of the
 * reader's brands are, and system actors (no person); the operator's staff stay unnamed to a brand's
 * readers (decision 0014).
 */
export function seenBy(reader: AdminScope, person: Pick<EventActor, 'tenant_id'> | undefined): boolean {
  return !person || coversTenant(reader, person.tenant_id);
}
