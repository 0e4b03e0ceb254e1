/**
 * What each command on a tenant (white-label brand) records, decided from its events: pure, so
 * "who changed where customers pay, and what" is a rule tested as Given/When/Then. Files (logos, QR
 * codes) are stored before deciding; the decision sees only their ids.
 */
import { DEFAULT_TENANT_ID } from './tenant-id';
import {
  evolveTenant,
  profileOf,
  settingsAnchorOf,
  type TenantBankAccount,
  type TenantEvent,
  type TenantProfile,
  type TenantState,
  type TenantWallet,
} from './tenant.events';
import type { SettingsOverrides } from '../settings/settings.schema';
import { Refusal } from '../shared/refusal';
import { sameValue } from '../shared/same-value';

export const DEFAULT_PROFILE: TenantProfile = {
  name: 'USDT Desk',
  domain: null,
  logoFileId: null,
  logoUrl: null,
  primaryColor: '#0d6efd',
  // No made-up contact: a brand shows the support contact its admin gives, or none (decision 0035).
  supportPhone: null,
  supportEmail: null,
  supportWhatsApp: null,
  supportHours: null,
};

/**
 * When the default tenant was created, while nothing about it is recorded yet: it exists from
 * installation, with no event to date it. Shown to people as no time at all.
 */
export const UNRECORDED_AT = new Date(0).toISOString();

/** The default tenant before anyone edits it: the brand defaults and no accounts. */
export function untouchedDefault(): TenantState {
  return {
    tenantId: DEFAULT_TENANT_ID,
    ...DEFAULT_PROFILE,
    bankAccounts: [],
    cryptoWallets: [],
    settingsOverrides: {},
    settingsAnchor: { overrides: {}, setAt: null },
    createdAt: UNRECORDED_AT,
    updatedAt: UNRECORDED_AT,
    deleted: false,
  };
}

/** A tenant's stream folded: null before it was created. */
export const tenantEvolver = { initial: (): TenantState | null => null, evolve: evolveTenant };

/** The tenant as people see it: the untouched default exists, a deleted tenant does not. */
export function liveTenant(id: string, folded: TenantState | null): TenantState | null {
  if (!folded && id === DEFAULT_TENANT_ID) return untouchedDefault();
  return folded && !folded.deleted ? folded : null;
}

export type TenantCommand =
  | { type: 'CreateTenant'; tenantId: string; profile: TenantProfile; at: string }
  | {
      type: 'ChangeTenant';
      tenantId: string;
      /** Each part replaces what the tenant has; an absent part stays. */
      profile?: TenantProfile | undefined;
      bankAccounts?: TenantBankAccount[] | undefined;
      cryptoWallets?: TenantWallet[] | undefined;
      settingsOverrides?: SettingsOverrides | undefined;
      /** A second admin confirmed `settingsOverrides` (decision 0030): they become the agreed ones. */
      settingsConfirmed?: boolean | undefined;
      at: string;
    }
  | { type: 'DeleteTenant'; tenantId: string; at: string };

const TENANT_NOT_FOUND = 'Tenant not found';

export function decideTenant(folded: TenantState | null, command: TenantCommand): TenantEvent[] {
  if (command.type === 'CreateTenant') {
    if (folded) throw new Refusal('conflict', 'tenant_exists', 'This tenant already exists');
    return [{ type: 'TenantCreated', data: { ...command.profile, tenantId: command.tenantId, createdAt: command.at } }];
  }
  const current = liveTenant(command.tenantId, folded);
  if (!current) throw Refusal.notFound(TENANT_NOT_FOUND);
  if (command.type === 'DeleteTenant') {
    if (command.tenantId === DEFAULT_TENANT_ID) throw new Refusal('conflict', 'default_tenant', 'The default tenant cannot be deleted');
    return [{ type: 'TenantDeleted', data: { deletedAt: command.at } }];
  }
  const at = command.at;
  const events: TenantEvent[] = [];
  // Read through profileOf: a profile given without the support fields (a caller from before them) means none.
  const profile = command.profile && profileOf(command.profile);
  if (profile && !sameValue(profile, profileOf(current))) events.push({ type: 'TenantProfileChanged', data: { ...profile, changedAt: at } });
  if (command.bankAccounts && !sameValue(command.bankAccounts, current.bankAccounts))
    events.push({ type: 'TenantBankAccountsChanged', data: { bankAccounts: command.bankAccounts, changedAt: at } });
  if (command.cryptoWallets && !sameValue(command.cryptoWallets, current.cryptoWallets))
    events.push({ type: 'TenantWalletsChanged', data: { cryptoWallets: command.cryptoWallets, changedAt: at } });
  if (command.settingsOverrides && !sameValue(command.settingsOverrides, current.settingsOverrides ?? {})) {
    const anchor = command.settingsConfirmed ? { overrides: command.settingsOverrides, setAt: at } : settingsAnchorOf(current);
    events.push({
      type: 'TenantSettingsOverridden',
      data: { overrides: command.settingsOverrides, changedAt: at, anchorOverrides: anchor.overrides, anchorSetAt: anchor.setAt },
    });
  }
  // The default tenant's first change also records its creation, so its stream folds on its own.
  if (events.length > 0 && !folded) events.unshift({ type: 'TenantCreated', data: { ...profileOf(current), tenantId: current.tenantId, createdAt: at } });
  return events;
}
