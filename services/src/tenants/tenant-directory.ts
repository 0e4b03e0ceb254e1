import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/read-model-database';
import type { TenantState } from './tenant.events';
import { DEFAULT_PROFILE, DEFAULT_TENANT_ID, type TenantStore } from './tenant-store';

const REFRESH_MS = 5_000;

interface Snapshot {
  byDomain: Map<string, string>;
  /** Every tenant's name, deleted ones included: old orders still name their brand. */
  names: Map<string, string>;
  deleted: Set<string>;
}

/**
 * Which tenant a host belongs to, each tenant's name, and which were deleted, for every request:
 * the tenants read model held in memory for a few seconds. A host no live tenant claims belongs
 * to the default tenant, so a deleted brand's domain stops resolving to it.
 */
export class TenantDirectory {
  private snapshot: Snapshot = { byDomain: new Map(), names: new Map(), deleted: new Set() };
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly tenants: TenantStore,
  ) {}

  async resolve(host: string | null): Promise<string> {
    await this.fresh();
    return (host && this.snapshot.byDomain.get(host)) || DEFAULT_TENANT_ID;
  }

  /** Deleted brands only: a brand created a moment ago in another process is not refused. */
  async isDeleted(id: string): Promise<boolean> {
    if (id === DEFAULT_TENANT_ID) return false;
    await this.fresh();
    return this.snapshot.deleted.has(id);
  }

  /** Tenant id → name, for the Brand column of lists and exports. */
  async names(): Promise<ReadonlyMap<string, string>> {
    await this.fresh();
    return this.snapshot.names;
  }

  /** The tenant's current state, from its stream (a brand edit shows at once). */
  async profile(id: string): Promise<TenantState> {
    const { state } = await this.tenants.load(id);
    return state ?? (await this.tenants.get(DEFAULT_TENANT_ID));
  }

  /** Forget the cache, e.g. after an admin changed a domain. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt < REFRESH_MS) return;
    this.loading ??= (async () => {
      const rows = await this.db
        .selectFrom('rm_tenants')
        .select(['id', 'domain', 'deleted', 'created_at', (eb) => eb.ref('state', '->>').key('name' as never).as('name')])
        .orderBy('created_at')
        .execute();
      const next: Snapshot = { byDomain: new Map(), names: new Map([[DEFAULT_TENANT_ID, DEFAULT_PROFILE.name]]), deleted: new Set() };
      for (const row of rows) {
        next.names.set(row.id, String(row.name ?? row.id));
        if (row.deleted) next.deleted.add(row.id);
        // Two tenants claiming one domain: the older keeps it.
        else if (row.domain && !next.byDomain.has(row.domain)) next.byDomain.set(row.domain, row.id);
      }
      this.snapshot = next;
      this.loadedAt = Date.now();
    })().finally(() => (this.loading = null));
    await this.loading;
  }
}
