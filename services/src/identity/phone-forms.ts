import type { Kysely } from 'kysely';
import { normalizePhone, PHONE_PATTERN } from '@desk/machines/identity/phone';
import type { ServicesDatabase } from '../db/services-database';
import { canonicalPhone } from './canonical-phone';

/**
 * The phones an order may carry for a phone an admin or compliance officer searched by. An order
 * keeps the phone its events recorded, so the orders of an account made before phones were
 * canonical carry the old spelling: the search matches the canonical number, the spelling typed,
 * and every spelling an account of that number had before (`phone_spellings`), of the brand
 * searched (null: every brand). Text that is not a phone is matched as it is.
 */
export async function phoneForms(db: Kysely<ServicesDatabase>, typed: string, tenantId: string | null): Promise<string[]> {
  const plain = normalizePhone(typed);
  if (!PHONE_PATTERN.test(plain)) return [typed.trim()];
  const canonical = canonicalPhone(plain);
  const before = await db
    .selectFrom('phone_spellings')
    .select('spelling')
    .where('phone', '=', canonical)
    .$if(tenantId !== null, (q) => q.where('tenant_id', '=', tenantId!))
    .execute();
  return [...new Set([canonical, plain, ...before.map((r) => r.spelling)])];
}
