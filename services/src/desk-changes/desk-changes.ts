import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { SettingsOverrides, SettingsPatch } from '@desk/machines/settings/settings.schema';
import type { DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import type { NewUser, UserRow } from '../identity/users.repository';
import type { BrandChange, DeskChangeDeps } from './desk-change-deps';
import { proposeAccount, proposeBrandChange, proposeBrandSettings, proposeGlobalSettings, proposeRoles } from './desk-change-proposals';
import { confirmDeskChange, declineDeskChange, withdrawDeskChange } from './desk-change-actions';
import { proposeBrandDeletion } from './propose-brand-deletion';

export type { Proposed } from './propose-or-apply';

/**
 * Changes to the desk's own rules (decision 0030): each is judged by one rule
 * (machines/src/desk-changes/needs-second-admin.ts) and either applied at once or recorded as a
 * request a different admin confirms. What the routes and the admin CLI call.
 */
export class DeskChanges {
  constructor(readonly deps: DeskChangeDeps) {}

  changeGlobalSettings(patch: SettingsPatch, metadata: EventMetadata) {
    return proposeGlobalSettings(this.deps, patch, metadata);
  }

  overrideBrandSettings(tenantId: string, overrides: SettingsOverrides, metadata: EventMetadata) {
    return proposeBrandSettings(this.deps, tenantId, overrides, metadata);
  }

  changeBrand(tenantId: string, change: BrandChange, metadata: EventMetadata) {
    return proposeBrandChange(this.deps, tenantId, change, metadata);
  }

  deleteBrand(tenantId: string, metadata: EventMetadata) {
    return proposeBrandDeletion(this.deps, tenantId, metadata);
  }

  createAccount(user: NewUser, metadata: EventMetadata) {
    return proposeAccount(this.deps, user, metadata);
  }

  changeRoles(userId: string, decide: (current: UserRow) => string[], metadata: EventMetadata) {
    return proposeRoles(this.deps, userId, decide, metadata);
  }

  get(changeId: string): Promise<DeskChangeState | null> {
    return this.deps.changes.load(changeId);
  }

  confirm(changeId: string, metadata: EventMetadata): Promise<DeskChangeState> {
    return confirmDeskChange(this.deps, changeId, metadata);
  }

  decline(changeId: string, note: string | null, metadata: EventMetadata): Promise<DeskChangeState> {
    return declineDeskChange(this.deps, changeId, note, metadata);
  }

  withdraw(changeId: string, metadata: EventMetadata): Promise<DeskChangeState> {
    return withdrawDeskChange(this.deps, changeId, metadata);
  }
}
