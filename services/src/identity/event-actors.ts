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

/** Event data fields that name a staff member by their account id (four eyes' requests, approvals, declines; desk changes; statement imports). */
const STAFF_ID_FIELDS = new Set(['requestedBy', 'declinedBy', 'approvedBy', 'confirmedBy', 'endedBy', 'importedBy', 'savedBy', 'matchedBy', 'markedBy']);

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The account ids event data names in its staff fields, at any depth. */
export function staffIdsIn(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(staffIdsIn);
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([key, value]) => {
    if (STAFF_ID_FIELDS.has(key) && typeof value === 'string') return [value];
    if (STAFF_ID_FIELDS.has(key) && isRecord(value) && typeof value._id === 'string') return [value._id];
    return staffIdsIn(value);
  });
}

/**
 * `data` with the staff a reader may not see left unnamed: an id in a staff field becomes null, a
 * person object becomes the Operator, as the actor itself does (decision 0014). Event data carried
 * the operator's staff ids to a brand's readers though the actor was hidden (security review, issue 27).
 */
export function withholdStaffIds(data: unknown, hidden: (id: string) => boolean): unknown {
  if (Array.isArray(data)) return data.map((item) => withholdStaffIds(item, hidden));
  if (!isRecord(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (STAFF_ID_FIELDS.has(key) && typeof value === 'string' && hidden(value)) return [key, null];
      if (STAFF_ID_FIELDS.has(key) && isRecord(value) && typeof value._id === 'string' && hidden(value._id)) {
        return [key, { _id: null, phone: null, username: 'Operator' }];
      }
      return [key, withholdStaffIds(value, hidden)];
    }),
  );
}

/**
 * Who among `actors` the reader may not see: for withholdStaffIds. Ids of no account (system actors)
 * are not people, and stay; an account id no longer found is withheld from a brand's reader (it may
 * have been the operator's staff).
 */
export const hiddenFrom =
  (reader: AdminScope, actors: ReadonlyMap<string, EventActor>) =>
  (id: string): boolean => {
    if (reader.kind === 'all_brands') return false;
    const person = actors.get(id);
    return person === undefined ? USER_ID.test(id) : !seenBy(reader, person);
  };
