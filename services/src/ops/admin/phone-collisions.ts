import { sql, type Kysely } from 'kysely';
import type { ServicesDatabase } from '../../db/services-database';

/** An account that kept another spelling of a number another account of its brand holds (decision 0024). */
export interface PhoneCollisionListing {
  userId: string;
  tenantId: string;
  brand: string;
  /** The spelling the account kept, which no sign-in reaches any more. */
  keptPhone: string;
  /** The canonical number, and the account that holds it (null if that account is gone). */
  phone: string;
  heldBy: string | null;
  createdAt: string;
}

/**
 * The collisions still to settle, read from the accounts as they are now: one drops out of the
 * list once its account has another phone or is removed, or the number's holder is.
 */
export async function listPhoneCollisions(db: Kysely<ServicesDatabase>, brandNames: ReadonlyMap<string, string>): Promise<PhoneCollisionListing[]> {
  const { rows } = await sql<{ user_id: string; tenant_id: string; spelling: string; phone: string; held_by: string | null; created_at: Date }>`
    select s.user_id, s.tenant_id, s.spelling, s.phone, holder.id as held_by, kept.created_at
    from phone_spellings s
    join users kept on kept.id = s.user_id and kept.phone = s.spelling
    left join users holder on holder.tenant_id = s.tenant_id and holder.phone = s.phone
    where not s.rewritten
    order by s.tenant_id, s.phone, kept.created_at`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    tenantId: r.tenant_id,
    brand: brandNames.get(r.tenant_id) ?? r.tenant_id,
    keptPhone: r.spelling,
    phone: r.phone,
    heldBy: r.held_by,
    createdAt: r.created_at.toISOString(),
  }));
}
