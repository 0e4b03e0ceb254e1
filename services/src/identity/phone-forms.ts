import type { Kysely } from 'kysely';
import { normalizePhone, PHONE_PATTERN } from '@desk/machines/identity/phone';
import type { ServicesDatabase } from '../db/services-database';
import { canonicalPhone } from './canonical-phone';

/**
 * The phones an order may carry for a phone an admin or compliance officer searched by. An order
 * keeps the phone its events recorded, so the orders of an account made before phones were
 * canonical carry the old spelling: the search matches the canonical number, the spelling typed,
 * and every spelling an account of that number had before (`user_phone_changes`). Text that is not
 * a phone is matched as it is.
 */
export async function phoneForms(db: Kysely<ServicesDatabase>, typed: string): Promise<string[]> {
  const plain = normalizePhone(typed);
  if (!PHONE_PATTERN.test(plain)) return [typed.trim()];
  const canonical = canonicalPhone(plain);
  const before = await db.selectFrom('user_phone_changes').select('previous_phone').where('phone', '=', canonical).execute();
  return [...new Set([canonical, plain, ...before.map((r) => r.previous_phone)])];
}
