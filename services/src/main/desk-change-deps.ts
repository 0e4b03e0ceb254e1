import type { Kysely } from 'kysely';
import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { FileStorage } from '../files/file-storage';
import type { UserRoles } from '../identity/user-roles';
import type { SettingsService } from '../settings/settings.service';
import type { TenantStore } from '../tenants/tenant-store';
import { tenantDirectory } from '@desk/projections/read-models/tenants/tenants.queries';
import { refuseTakenDomain } from '../tenants/tenant.routes';
import { DeskChanges } from '../desk-changes/desk-changes';
import { DeskChangeStore } from '../desk-changes/desk-change-store';

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

/** Changes to the desk's rules over the existing command paths, for the API processes and the admin CLI alike. */
export function buildDeskChanges({ handler, settings, tenants, roles, db, files, invalidateBrands }: DeskChangeParts): DeskChanges {
  return new DeskChanges({
    changes: new DeskChangeStore(handler),
    settings,
    tenants,
    roles,
    users: db,
    files,
    brandIds: async () => (await tenantDirectory(db as Kysely<ReadModelDatabase>)).filter((row) => !row.deleted).map((row) => row.id),
    checkDomain: (domain, tenantId) => refuseTakenDomain(db as Kysely<ReadModelDatabase>, domain, tenantId),
    brandChanged: (tenantId) => {
      settings.forget(tenantId);
      invalidateBrands?.();
    },
  });
}
