import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServicesDatabase } from '../db/services-database';
import { findUserById } from './users.repository';
import type { AdminScope } from './admin-scope';
import { seenBy } from './event-actors';

/** Someone named on a screen: `_id` null when they stay unnamed to the reader (the operator's staff to a brand's admin). */
export const personJsonSchema = z.object({ _id: z.string().nullable(), phone: z.string().nullable(), username: z.string().nullable() });
export type PersonJson = z.infer<typeof personJsonSchema>;

/**
 * Someone the admin screens name (who changed the settings, who asked for a completion): the id,
 * with the phone and name when the account can still be read. Read by `reader`, someone outside
 * the reader's brands is the operator's staff, and stays unnamed, as in an order's history
 * (decision 0014).
 */
export async function personJson(db: Kysely<ServicesDatabase>, userId: string | null, reader?: AdminScope): Promise<PersonJson | null> {
  if (!userId) return null;
  const by = await findUserById(db, userId).catch(() => undefined);
  if (reader && !seenBy(reader, by)) return { _id: null, phone: null, username: 'Operator' };
  return { _id: userId, phone: by?.phone ?? null, username: by?.username ?? null };
}
