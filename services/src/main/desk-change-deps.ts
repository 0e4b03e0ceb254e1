import type { Kysely } from 'kysely';
import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { FileStorage } from '../files/file-storage';
import type { UserRoles } from '../identity/user-roles';
import type { SettingsService } from '../settings/settings.service';
import type { TenantStore } from '../tenants/tenant-store';
import { tenantDirectory } from '@desk/projections/read-models/tenants/tenants.queries';
import { BrandRegistry } from '../tenants/brand-registry';
import { refuseDomainHeld } from '../tenants/domain-holder';
import { DeskChanges } from '../desk-changes/desk-changes';
import { DeskChangeStore } from '../desk-changes/desk-change-store';
import { settingsLock } from '../desk-changes/settings-lock';

export interface DeskChangeParts {
  handler: CommandHandler;
  settings: SettingsService;
  tenants: TenantStore;
  roles: UserRoles;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle: services' tables and the read models'
  db: Kysely<any>;
  files: FileStorage;
  /** Told when a confirmed change altered a brand, so host resolution and names follow at once (API processes). */
  invalidateBrands?: () => void;
}

/**
 * Changes to the desk's rules over the existing command paths, for the API processes and the admin
 * CLI alike. Nothing here that judges a change reads a read model alone (a rebuild empties it): the
 * brands are the registry's, with the read model's added, and each is read from its stream.
 */
export function buildDeskChanges({ handler, settings, tenants, roles, db, files, invalidateBrands }: DeskChangeParts): DeskChanges {
  const registry = new BrandRegistry(db);
  const brandIds = async () => {
    const [registered, projected] = await Promise.all([registry.ids(), tenantDirectory(db as Kysely<ReadModelDatabase>)]);
    return [...new Set([...registered, ...projected.map((row) => row.id)])];
  };
  return new DeskChanges({
    changes: new DeskChangeStore(handler),
    settings,
    tenants,
    roles,
    users: db,
    files,
    brandIds,
    settingsLock: settingsLock(db),
    checkDomain: async (domain, tenantId) => refuseDomainHeld(tenants, await brandIds(), domain, tenantId),
    brandChanged: (tenantId) => {
      settings.forget(tenantId);
      invalidateBrands?.();
    },
  });
}
