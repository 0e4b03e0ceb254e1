import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { DeskChangeRequestedData } from '@desk/machines/desk-changes/desk-change.events';
import { PhoneTakenError } from '../identity/identity-errors';
import type { DeskChangeDeps } from './desk-change-deps';
import { brandRevision, GLOBAL_SETTINGS_STREAM, rolesKey } from './desk-change-basis';
import { keptPassword } from './staff-passwords';
import { ChangeStaleError } from './desk-change-errors';
import { grantsStaff, refuseStaffElsewhere } from './staff-elsewhere';

/**
 * Applies a confirmed change through its own command path (SettingsService, TenantStore,
 * UserRoles), exactly as asked and only over the target as it was asked against: a stream's
 * revision pinned, a user's roles compared in the transaction that changes them. The events it
 * records carry the confirmer as actor and the request's stream as causation id (`metadata`).
 * Throws a refusal (WrongExpectedVersionError, ChangeStaleError) when the target moved or the change no longer fits.
 */
export async function applyDeskChange(deps: DeskChangeDeps, request: DeskChangeRequestedData, metadata: EventMetadata): Promise<void> {
  const { change } = request;
  const tenantId = request.tenantId ?? '';
  switch (change.kind) {
    case 'global_settings':
      // Confirmed: its rates become the agreed ones (agreed-rates.ts).
      await deps.settings.update(change.patch, metadata, request.basis[GLOBAL_SETTINGS_STREAM] ?? null, true);
      return;
    case 'brand_settings':
      await deps.tenants.change(tenantId, metadata, { settingsOverrides: change.overrides, settingsConfirmed: true }, brandRevision(request));
      deps.brandChanged(tenantId);
      return;
    case 'brand_accounts': {
      const { state } = await deps.tenants.load(tenantId);
      if (!state) throw new NotFoundError('Tenant not found');
      if (change.profile?.domain && change.profile.domain !== state.domain) await deps.checkDomain(change.profile.domain, tenantId);
      const { profile, bankAccounts, cryptoWallets } = change;
      await deps.tenants.change(tenantId, metadata, { profile, bankAccounts, cryptoWallets }, brandRevision(request));
      deps.brandChanged(tenantId);
      return;
    }
    case 'brand_deletion':
      await deps.tenants.delete(tenantId, metadata, brandRevision(request));
      deps.brandChanged(tenantId);
      return;
    case 'roles': {
      // Asked again now: the phone may have become staff elsewhere while the request waited.
      if (grantsStaff(change.previousRoles, change.roles)) await refuseStaffElsewhere(deps.users, change.phone, change.userId);
      const expected = rolesKey(change.previousRoles);
      const updated = await deps.roles.change(
        change.userId,
        (current) => {
          if (rolesKey(current.roles) !== expected) throw new ChangeStaleError();
          return change.roles;
        },
        metadata,
      );
      if (!updated) throw new NotFoundError('User not found');
      return;
    }
    case 'staff_account': {
      if (!(await deps.tenants.load(tenantId)).state) throw new NotFoundError('Brand not found');
      await refuseStaffElsewhere(deps.users, change.phone, null);
      const passwordHash = await keptPassword(deps.users, request.changeId);
      if (!passwordHash) throw new NotFoundError("The new account's password is no longer kept");
      // Made by the admin who asked for it (created_by), as a customer made at once is.
      const user = { tenantId, username: change.username, phone: change.phone, passwordHash, roles: change.roles, createdBy: request.requestedBy };
      if (!(await deps.roles.create(user, 'admin', metadata))) throw new PhoneTakenError();
      return;
    }
  }
}
