import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { findUserById } from './users.repository';

/**
 * Someone the admin screens name (who changed the settings, who asked for a completion): the id,
 * with the phone and name when the account can still be read.
 */
export async function personJson(db: Kysely<ServicesDatabase>, userId: string | null) {
  if (!userId) return null;
  const by = await findUserById(db, userId).catch(() => undefined);
  return { _id: userId, phone: by?.phone ?? null, username: by?.username ?? null };
}
