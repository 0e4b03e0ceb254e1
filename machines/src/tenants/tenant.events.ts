import type { SettingsOverrides } from '../settings/settings.schema';
import type { AgreedAt, BrandAnchor } from '../settings/agreed-rates';
import type { Network } from '../addresses/networks';

/**
 * A tenant (white-label brand) is an event stream `tenant-<id>`. Who changed the accounts customers
 * pay into, and when, is a compliance question and a fraud signal, so those lists change only by
 * their own events, each carrying the whole new list.
 */
export interface TenantBankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  isActive: boolean;
}

export interface TenantWallet {
  network: Network;
  address: string;
  /** A stored QR image (uploaded, or generated from the address); null when `qrUrl` is given. */
  qrFileId: string | null;
  /**
   * A link to a QR image on another site, typed by the admin and kept as given (https only; the
   * server never fetches it). Absent in events recorded before links were kept, and when there is none.
   */
  qrUrl?: string;
  isActive: boolean;
}

export interface TenantProfile {
  name: string;
  domain: string | null;
  /** An uploaded logo, or an external URL given by the admin. */
  logoFileId: string | null;
  logoUrl: string | null;
  primaryColor: string;
  /**
   * The brand's support contact, shown to its visitors on the landing page (decision 0035): each
   * null when the brand gives none. Absent in events recorded before the brand had them.
   */
  supportPhone?: string | null;
  supportEmail?: string | null;
  /** A WhatsApp chat link (https://wa.me/<number>). */
  supportWhatsApp?: string | null;
  /** When support answers, in the brand's words ("Every day, 9 am to 9 pm IST"). */
  supportHours?: string | null;
}

/** The support contact fields of a brand, in the order the screens show them. */
export const SUPPORT_FIELDS = ['supportPhone', 'supportEmail', 'supportWhatsApp', 'supportHours'] as const;
export type SupportContact = { [K in (typeof SUPPORT_FIELDS)[number]]: string | null };

/** A brand's support contact, each field null when not given (also for states folded before the fields existed). */
export function supportContactOf(profile: TenantProfile): SupportContact {
  const { supportPhone = null, supportEmail = null, supportWhatsApp = null, supportHours = null } = profile;
  return { supportPhone, supportEmail, supportWhatsApp, supportHours };
}

export type TenantEvent =
  | { type: 'TenantCreated'; data: TenantProfile & { tenantId: string; createdAt: string } }
  | { type: 'TenantProfileChanged'; data: TenantProfile & { changedAt: string } }
  | { type: 'TenantBankAccountsChanged'; data: { bankAccounts: TenantBankAccount[]; changedAt: string } }
  | { type: 'TenantWalletsChanged'; data: { cryptoWallets: TenantWallet[]; changedAt: string } }
  /**
   * The brand's own rates, fees or limits over the global settings: the whole new set each time.
   * `anchorOverrides`: the overrides as a second admin last confirmed them (agreed-rates.ts), with
   * `anchorSetAt`; absent in events recorded before agreed rates, whose own overrides are agreed.
   */
  | {
      type: 'TenantSettingsOverridden';
      data: { overrides: SettingsOverrides; changedAt: string; anchorOverrides?: SettingsOverrides; anchorSetAt?: AgreedAt };
    }
  | { type: 'TenantDeleted'; data: { deletedAt: string } };

export interface TenantState extends TenantProfile {
  tenantId: string;
  bankAccounts: TenantBankAccount[];
  cryptoWallets: TenantWallet[];
  /** Empty: the global settings apply as they are. */
  settingsOverrides: SettingsOverrides;
  /** The overrides as a second admin last confirmed them; absent in states folded before agreed rates (then: `settingsOverrides`). */
  settingsAnchor?: BrandAnchor;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

/** The brand fields of a tenant (what TenantProfileChanged carries), without its accounts and settings. */
export function profileOf(state: TenantProfile): TenantProfile {
  const { name, domain, logoFileId, logoUrl, primaryColor } = state;
  return { name, domain, logoFileId, logoUrl, primaryColor, ...supportContactOf(state) };
}

/** One event applied to a tenant's state (null before TenantCreated). */
export function evolveTenant(state: TenantState | null, event: TenantEvent): TenantState | null {
  if (event.type === 'TenantCreated') {
    const { createdAt, ...profile } = event.data;
    return {
      ...profile,
      bankAccounts: [],
      cryptoWallets: [],
      settingsOverrides: {},
      settingsAnchor: { overrides: {}, setAt: null },
      createdAt,
      updatedAt: createdAt,
      deleted: false,
    };
  }
  if (!state) return null;
  switch (event.type) {
    case 'TenantProfileChanged': {
      const { changedAt, ...profile } = event.data;
      return { ...state, ...profile, updatedAt: changedAt };
    }
    case 'TenantBankAccountsChanged':
      return { ...state, bankAccounts: event.data.bankAccounts, updatedAt: event.data.changedAt };
    case 'TenantWalletsChanged':
      return { ...state, cryptoWallets: event.data.cryptoWallets, updatedAt: event.data.changedAt };
    case 'TenantSettingsOverridden': {
      const { overrides, anchorOverrides, anchorSetAt, changedAt } = event.data;
      const settingsAnchor = anchorOverrides ? { overrides: anchorOverrides, setAt: anchorSetAt ?? null } : { overrides, setAt: null };
      return { ...state, settingsOverrides: overrides, settingsAnchor, updatedAt: changedAt };
    }
    case 'TenantDeleted':
      return { ...state, deleted: true, updatedAt: event.data.deletedAt };
  }
}

/** A brand's overrides as last confirmed (a state folded before agreed rates: its overrides then in force). */
export function settingsAnchorOf(state: Pick<TenantState, 'settingsOverrides' | 'settingsAnchor'>): BrandAnchor {
  return state.settingsAnchor ?? { overrides: state.settingsOverrides, setAt: null };
}

/** Folds a tenant's events; null before TenantCreated. */
export function foldTenant(events: readonly TenantEvent[]): TenantState | null {
  return events.reduce<TenantState | null>(evolveTenant, null);
}
