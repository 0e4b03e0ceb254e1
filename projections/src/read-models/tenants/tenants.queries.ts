import type { Kysely } from 'kysely';
import type { TenantState } from '@desk/machines/tenants/tenant.events';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

/** Live tenants, oldest first, as their folded state (the admin list). */
export async function listLiveTenants(db: Db): Promise<TenantState[]> {
  const rows = await db.selectFrom('rm_tenants').select('state').where('deleted', '=', false).orderBy('created_at').execute();
  return rows.map((r) => r.state as TenantState);
}

/** The live tenant that holds `domain`, if any. */
export async function domainHolder(db: Db, domain: string): Promise<string | null> {
  const owner = await db.selectFrom('rm_tenants').select('id').where('domain', '=', domain).where('deleted', '=', false).executeTakeFirst();
  return owner?.id ?? null;
}

export interface TenantDirectoryRow {
  id: string;
  domain: string | null;
  deleted: boolean;
  name: string | null;
}

/** Every tenant's id, domain and name, oldest first: what host resolution and brand names need. */
export function tenantDirectory(db: Db): Promise<TenantDirectoryRow[]> {
  return db
    .selectFrom('rm_tenants')
    .select([
      'id',
      'domain',
      'deleted',
      (eb) =>
        eb
          .ref('state', '->>')
          .key('name' as never)
          .as('name'),
    ])
    .orderBy('created_at')
    .execute() as Promise<TenantDirectoryRow[]>;
}

/**
 * Read-your-writes for an admin who just changed a tenant: waits (briefly) until the read model
 * shows the change made at `updatedAt` (null: the deletion). Without a running projector it gives
 * up after `waitMs`; the change itself is already recorded.
 */
export async function untilTenantProjected(db: Db, id: string, updatedAt: string | null, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const row = await db.selectFrom('rm_tenants').select('state').where('id', '=', id).executeTakeFirst();
    const state = row?.state as TenantState | undefined;
    if (updatedAt === null ? state?.deleted : state && Date.parse(state.updatedAt) >= Date.parse(updatedAt)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
