import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../../db/services-database';
import { unsettledSpellings } from '../../identity/canonical-phones-fix';

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

/** The collisions still to settle, with their brands' names, for `npm run admin -- phone-collisions`. */
export async function listPhoneCollisions(db: Kysely<ServicesDatabase>, brandNames: ReadonlyMap<string, string>): Promise<PhoneCollisionListing[]> {
  return (await unsettledSpellings(db)).map((s) => ({
    userId: s.userId,
    tenantId: s.tenantId,
    brand: brandNames.get(s.tenantId) ?? s.tenantId,
    keptPhone: s.spelling,
    phone: s.phone,
    heldBy: s.heldBy,
    createdAt: s.createdAt.toISOString(),
  }));
}
