/**
 * A change to the desk's own rules that waits for a second admin (decision 0030) is its own
 * aggregate, the stream `desk-change-<uuid>`: asked for once, then confirmed, declined, withdrawn
 * or found out of date. The request carries the exact change as it will be applied, what it changes
 * in words (before → after) and why it needs a second admin, so the confirmer confirms what they read.
 */
import type { SettingsOverrides, SettingsPatch } from '../settings/settings.schema';
import type { TenantBankAccount, TenantProfile, TenantWallet } from '../tenants/tenant.events';

export const DESK_CHANGE_REQUESTED = 'DeskChangeRequested';
export const DESK_CHANGE_CONFIRMED = 'DeskChangeConfirmed';
export const DESK_CHANGE_DECLINED = 'DeskChangeDeclined';
export const DESK_CHANGE_WITHDRAWN = 'DeskChangeWithdrawn';
export const DESK_CHANGE_LAPSED = 'DeskChangeLapsed';

/** The change itself, as its command path will apply it. */
export type DeskChangePayload =
  /** PUT /api/admin/settings: the partial patch as sent. */
  | { kind: 'global_settings'; patch: SettingsPatch }
  /** PUT /api/admin/tenants/:id/settings: the brand's whole set of overrides. */
  | { kind: 'brand_settings'; overrides: SettingsOverrides }
  /** PUT /api/admin/tenants/:id with lists: each part present replaces the brand's (QR images already stored). */
  | { kind: 'brand_accounts'; profile?: TenantProfile; bankAccounts?: TenantBankAccount[]; cryptoWallets?: TenantWallet[] }
  /** POST /api/admin/users with roles: the account's password hash is kept aside, never in an event. */
  | { kind: 'staff_account'; username: string | null; phone: string; roles: string[] }
  /** PUT /api/admin/users/:id/roles. */
  | { kind: 'roles'; userId: string; phone: string; roles: string[]; previousRoles: string[] }
  /** DELETE /api/admin/tenants/:id: the brand (the request's tenantId), named and with its domain as asked, for the record. */
  | { kind: 'brand_deletion'; name: string; domain: string | null };

export type DeskChangeKind = DeskChangePayload['kind'];

/** One line of what a change does, as a person reads it: "Second admin above: ₹2,00,000 → off". */
export interface SummaryLine {
  what: string;
  before: string;
  after: string;
}

export interface DeskChangeRequestedData {
  changeId: string;
  /** The brand the change is about (a brand's settings or accounts, a user's brand); null: every brand (the Global Settings). */
  tenantId: string | null;
  change: DeskChangePayload;
  summary: SummaryLine[];
  /** Why it needs a second admin (needs-second-admin.ts), never empty. */
  reasons: string[];
  /**
   * What the change was decided against: each target stream's revision (null: no stream yet), or
   * for roles the user's roles, or for a new account who held its phone. A confirmation finds it
   * out of date when this differs from the target now.
   */
  basis: Record<string, string | null>;
  /** Files stored for this request (QR images of new wallets): removed when it ends without applying. */
  storedFiles: string[];
  requestedBy: string;
  requestedAt: string;
}

export type DeskChangeEvent =
  | { type: typeof DESK_CHANGE_REQUESTED; data: DeskChangeRequestedData }
  /** `confirmedBy`: the second admin's user id, or `admin-cli` for the person at the server. */
  | { type: typeof DESK_CHANGE_CONFIRMED; data: { changeId: string; confirmedBy: string; confirmedAt: string } }
  | { type: typeof DESK_CHANGE_DECLINED; data: { changeId: string; declinedBy: string; declinedAt: string; note: string | null } }
  | { type: typeof DESK_CHANGE_WITHDRAWN; data: { changeId: string; withdrawnBy: string; withdrawnAt: string } }
  /** The target changed since the request (or the change could not be applied): it can never be confirmed. */
  | { type: typeof DESK_CHANGE_LAPSED; data: { changeId: string; lapsedAt: string; reason: string; noticedBy: string } };

export type DeskChangeStatus = 'pending' | 'confirmed' | 'declined' | 'withdrawn' | 'lapsed';

export interface DeskChangeState {
  request: DeskChangeRequestedData;
  status: DeskChangeStatus;
  /** Who ended it (confirmed, declined, withdrew; who noticed it was out of date) and when; null while pending. */
  endedBy: string | null;
  endedAt: string | null;
  /** The decliner's note, or why it lapsed. */
  note: string | null;
}

/** One event applied to a change's state (null before it was requested). */
export function evolveDeskChange(state: DeskChangeState | null, event: DeskChangeEvent): DeskChangeState | null {
  if (event.type === DESK_CHANGE_REQUESTED) return { request: event.data, status: 'pending', endedBy: null, endedAt: null, note: null };
  if (!state) return null;
  switch (event.type) {
    case DESK_CHANGE_CONFIRMED:
      return { ...state, status: 'confirmed', endedBy: event.data.confirmedBy, endedAt: event.data.confirmedAt };
    case DESK_CHANGE_DECLINED:
      return { ...state, status: 'declined', endedBy: event.data.declinedBy, endedAt: event.data.declinedAt, note: event.data.note };
    case DESK_CHANGE_WITHDRAWN:
      return { ...state, status: 'withdrawn', endedBy: event.data.withdrawnBy, endedAt: event.data.withdrawnAt };
    case DESK_CHANGE_LAPSED:
      return { ...state, status: 'lapsed', endedBy: event.data.noticedBy, endedAt: event.data.lapsedAt, note: event.data.reason };
  }
}

/** The stream of one change. */
export const DESK_CHANGE_STREAM_PREFIX = 'desk-change-';
