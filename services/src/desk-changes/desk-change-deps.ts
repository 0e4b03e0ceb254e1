import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { Settings, SettingsPatch } from '@desk/machines/settings/settings.schema';
import type { GlobalAnchor } from '@desk/machines/settings/agreed-rates';
import type { TenantState } from '@desk/machines/tenants/tenant.events';
import type { TenantCommand } from '@desk/machines/tenants/tenant.decide';
import type { ServicesDatabase } from '../db/services-database';
import type { FileStorage } from '../files/file-storage';
import type { UserRoles } from '../identity/user-roles';
import type { DeskChangeStore } from './desk-change-store';
import type { SettingsLock } from './settings-lock';

/** The parts of a brand one change replaces (tenant-store.ts's TenantChange). */
export type BrandChange = Omit<Extract<TenantCommand, { type: 'ChangeTenant' }>, 'type' | 'tenantId' | 'at'>;

/**
 * The Global Settings' command path (settings.service.ts), as the desk's changes use it. Ports
 * rather than imports: the settings and tenant routes ask this folder, so it may not ask theirs.
 */
export interface GlobalSettingsPath {
  fresh(): Promise<{ settings: Settings; revision: string | null; changedAt: string | null; anchor: GlobalAnchor }>;
  /** `confirmed`: a second admin confirmed the change, so its rates become the agreed ones. */
  update(patch: SettingsPatch, metadata: EventMetadata, atRevision?: string | null, confirmed?: boolean): Promise<unknown>;
}

/** A brand's command path (tenant-store.ts). */
export interface BrandPath {
  load(id: string): Promise<{ state: TenantState | null; revision: bigint | null }>;
  change(id: string, metadata: EventMetadata, change: BrandChange, atRevision?: bigint | null): Promise<TenantState>;
  delete(id: string, metadata: EventMetadata, atRevision?: bigint | null): Promise<void>;
}

/** What changes to the desk's rules are judged against and applied through: the existing command paths. */
export interface DeskChangeDeps {
  changes: DeskChangeStore;
  settings: GlobalSettingsPath;
  tenants: BrandPath;
  roles: UserRoles;
  users: Kysely<ServicesDatabase>;
  files: FileStorage;
  /**
   * Every brand's id, from the write side (brand_registry) with the tenants read model's added: a
   * deleted brand, or one whose creation failed, may be among them (its stream says so).
   */
  brandIds: () => Promise<string[]>;
  /** Held by every change that affects settings from judging to writing, across processes (settings-lock.ts). */
  settingsLock: SettingsLock;
  /** Refuses a domain another live brand holds (409 domain_taken), as the brands' own streams say. */
  checkDomain: (domain: string, tenantId: string) => Promise<void>;
  /** A brand's change was confirmed here: forget what this process holds of it (its settings, the directory). */
  brandChanged: (tenantId: string) => void;
}
