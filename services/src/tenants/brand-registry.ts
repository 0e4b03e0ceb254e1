import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { tenantDirectory } from '@desk/projections/read-models/tenants/tenants.queries';
import { tenantsProjection } from '@desk/projections/read-models/tenants/tenants.projection';
import { loadCheckpoint } from '@desk/projections/runtime/checkpoint-store';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../db/services-database';

/**
 * Every brand ever created, kept by the write side (`brand_registry`, decision 0030's second
 * addendum): what a change of the Global Settings is judged for, with each brand read from its own
 * stream. The tenants read model cannot be that list: a rebuild empties it, and a global change
 * judged meanwhile saw no brands (the second review's N1b). A brand is registered before its first
 * event is appended, so no brand exists unregistered; a row whose append then failed is harmless (its
 * stream loads as no brand), and a deleted brand keeps its row (its stream loads as deleted).
 */
export class BrandRegistry {
  constructor(private readonly db: Kysely<ServicesDatabase>) {}

  /** Before the brand's first event. Idempotent. */
  async register(tenantId: string): Promise<void> {
    await this.db
      .insertInto('brand_registry')
      .values({ tenant_id: tenantId })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
  }

  /** Every brand ever registered (deleted ones and failed creations too: their streams say so). */
  async ids(): Promise<string[]> {
    const rows = await this.db.selectFrom('brand_registry').select('tenant_id').orderBy('registered_at').execute();
    return rows.map((row) => row.tenant_id);
  }
}

export interface RegistryFill {
  /** Brands the read model knew that the registry did not. */
  added: number;
  /** The tenants read model was being rebuilt: what it held may be incomplete. */
  readModelRebuilding: boolean;
}

/**
 * Registers the brands the tenants read model knows (brands created before the registry, or by a
 * process of the previous version during a rolling upgrade), at every API start: idempotent, and
 * cheap (one row per brand). When the read model is being rebuilt at that start, what it holds is registered, the gap is logged, and the next start tries again; meanwhile
 * a global change is judged for the registry's brands and the read model's together
 * (desk-change-deps.ts), so a brand missing from one is found in the other.
 */
export async function fillBrandRegistry(
  registry: BrandRegistry,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle: services' tables and the read models'
  db: Kysely<any>,
): Promise<RegistryFill> {
  const readModels = db as Kysely<ReadModelDatabase>;
  const checkpoint = await loadCheckpoint(readModels, tenantsProjection.name);
  const readModelRebuilding = checkpoint.rebuildStartedAt !== null;
  const known = new Set(await registry.ids());
  const missing = (await tenantDirectory(readModels)).map((row) => row.id).filter((id) => !known.has(id));
  for (const id of missing) await registry.register(id);
  if (missing.length > 0) logger.info('brand registry: brands from the tenants read model registered', { added: missing.length });
  if (readModelRebuilding) {
    logger.warn(
      'brand registry: the tenants read model is being rebuilt, so brands made before the registry may be missing from it; ' +
        "the next start fills it again, and changes to the Global Settings are judged for the read model's brands as well meanwhile",
    );
  }
  return { added: missing.length, readModelRebuilding };
}
