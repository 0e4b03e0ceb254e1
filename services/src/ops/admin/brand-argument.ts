import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { domainHolder } from '@desk/projections/read-models/tenants/tenants.queries';
import { DEFAULT_TENANT_ID, isTenantId } from '@desk/machines/tenants/tenant-id';
import type { TenantStore } from '../../tenants/tenant-store';
import { CommandError } from '../cli-errors';

/**
 * The brand `--tenant` names: its id (`default` for the operator's own) or its domain. Only a live
 * brand: an account made for a deleted one could never sign in. Whether it lives is read from its
 * stream, the domain from the tenants read model (what host resolution uses too).
 */
export async function brandArgument(db: Kysely<ReadModelDatabase>, tenants: TenantStore, raw: string | undefined): Promise<string> {
  if (raw === undefined) return DEFAULT_TENANT_ID;
  const given = raw.trim().toLowerCase();
  const id = isTenantId(given) ? given : await domainHolder(db, given);
  const { state } = id ? await tenants.load(id) : { state: null };
  if (!id || !state) throw new CommandError(`--tenant ${raw}: no live brand has this id or domain (brand ids and domains are on the admin Tenants screen)`);
  return id;
}
