import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { findUserById } from './users.repository';
import type { AdminScope } from './admin-scope';
import { seenBy } from './event-actors';

/**
 * Someone the admin screens name (who changed the settings, who asked for a completion): the id,
 * with the phone and name when the account can still be read. Read by `reader`, someone outside
 * the reader's brands is the operator's staff, and stays unnamed, as in an order's history
 * (decision 0014).
 */
export async function personJson(db: Kysely<ServicesDatabase>, userId: string | null, reader?: AdminScope) {
  if (!userId) return null;
  const by = await findUserById(db, userId).catch(() => undefined);
  if (reader && !seenBy(reader, by)) return { _id: null, phone: null, username: 'Operator' };
  return { _id: userId, phone: by?.phone ?? null, username: by?.username ?? null };
}
