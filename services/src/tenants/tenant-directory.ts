import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/read-model-database';
import type { TenantState } from './tenant.events';
import { DEFAULT_TENANT_ID, type TenantStore } from './tenant-store';

const REFRESH_MS = 5_000;

/**
 * Which tenant a host belongs to, and the brand to show, for every request: the tenants read model
 * held in memory for a few seconds. A host no tenant claims belongs to the default tenant.
 */
export class TenantDirectory {
  private byDomain = new Map<string, string>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly tenants: TenantStore,
  ) {}

  async resolve(host: string | null): Promise<string> {
    await this.fresh();
    return (host && this.byDomain.get(host)) || DEFAULT_TENANT_ID;
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
      const rows = await this.db.selectFrom('rm_tenants').select(['id', 'domain', 'created_at']).where('deleted', '=', false).where('domain', 'is not', null).orderBy('created_at').execute();
      const next = new Map<string, string>();
      // Two tenants claiming one domain: the older keeps it.
      for (const row of rows) if (!next.has(row.domain!)) next.set(row.domain!, row.id);
      this.byDomain = next;
      this.loadedAt = Date.now();
    })().finally(() => (this.loading = null));
    await this.loading;
  }
}
