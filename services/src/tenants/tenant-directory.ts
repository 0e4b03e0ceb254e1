import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { tenantDirectory } from '@desk/projections/read-models/tenants/tenants.queries';
import type { TenantState } from '@desk/machines/tenants/tenant.events';
import { DEFAULT_PROFILE, DEFAULT_TENANT_ID, type TenantStore } from './tenant-store';

const REFRESH_MS = 5_000;

interface Snapshot {
  byDomain: Map<string, string>;
  /** Every tenant's name, deleted ones included: old orders still name their brand. */
  names: Map<string, string>;
}

/**
 * Which tenant a host belongs to and each tenant's name, for every request: the tenants read model
 * held in memory for a few seconds. Whether a tenant was deleted is asked of its own stream (held
 * for a few seconds too), never of the read model: a lagging projector or a rebuild, which empties
 * the read model, must not bring a deleted brand's sessions back. A host no live tenant claims
 * belongs to the default tenant, so a deleted brand's domain stops resolving to it.
 */
export class TenantDirectory {
  private snapshot: Snapshot = { byDomain: new Map(), names: new Map() };
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly deletedCache = new Map<string, { deleted: boolean; at: number }>();

  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly tenants: TenantStore,
  ) {}

  async resolve(host: string | null): Promise<string> {
    await this.fresh();
    const tenantId = (host && this.snapshot.byDomain.get(host)) || DEFAULT_TENANT_ID;
    return (await this.isDeleted(tenantId)) ? DEFAULT_TENANT_ID : tenantId;
  }

  /**
   * Whether the tenant's stream ends in its deletion. Only deleted brands are refused: one created
   * a moment ago in another process is simply live.
   */
  async isDeleted(id: string): Promise<boolean> {
    if (id === DEFAULT_TENANT_ID) return false;
    const cached = this.deletedCache.get(id);
    if (cached && Date.now() - cached.at < REFRESH_MS) return cached.deleted;
    const { state, revision } = await this.tenants.load(id);
    // A stream that exists but folds to nothing is a deleted tenant; no stream at all is no tenant.
    const deleted = state === null && revision !== null;
    this.deletedCache.set(id, { deleted, at: Date.now() });
    return deleted;
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

  /** Forget what is cached, e.g. after an admin changed a domain or deleted a brand. */
  invalidate(): void {
    this.loadedAt = 0;
    this.deletedCache.clear();
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt < REFRESH_MS) return;
    this.loading ??= (async () => {
      const rows = await tenantDirectory(this.db);
      const next: Snapshot = { byDomain: new Map(), names: new Map([[DEFAULT_TENANT_ID, DEFAULT_PROFILE.name]]) };
      for (const row of rows) {
        next.names.set(row.id, String(row.name ?? row.id));
        // Two tenants claiming one domain: the older keeps it.
        if (!row.deleted && row.domain && !next.byDomain.has(row.domain)) next.byDomain.set(row.domain, row.id);
      }
      this.snapshot = next;
      this.loadedAt = Date.now();
    })().finally(() => (this.loading = null));
    await this.loading;
  }
}
