import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { SettingsOverrides, SettingsPatch } from '@desk/machines/settings/settings.schema';
import { decideSettings, settingsEvolver } from '@desk/machines/settings/settings.decide';
import { applyOverrides } from '@desk/machines/settings/effective-settings';
import { profileOf, type TenantState, type TenantWallet } from '@desk/machines/tenants/tenant.events';
import { secondAdminReasons } from '@desk/machines/desk-changes/needs-second-admin';
import { agreedRatesSummary, paymentAccountsSummary, rolesSummary, settingsSummary, staffAccountSummary } from '@desk/machines/desk-changes/change-summary';
import { agreedRatesOf } from '@desk/machines/settings/agreed-rates';
import { settingsAnchorOf } from '@desk/machines/tenants/tenant.events';
import { sameValue } from '@desk/machines/shared/same-value';
import { findUserById, findUserByPhone, type NewUser, type UserRow } from '../identity/users.repository';
import { PhoneTakenError } from '../identity/identity-errors';
import type { BrandChange, DeskChangeDeps } from './desk-change-deps';
import { basisOf, brandsUnderGlobal, globalBasis } from './desk-change-basis';
import { grantsStaff, refuseStaffElsewhere } from './staff-elsewhere';
import { ChangeStaleError } from './desk-change-errors';
import { forgetPassword, keepPassword } from './staff-passwords';
import { proposeOrApply, type Proposed } from './propose-or-apply';

/**
 * PUT /api/admin/settings: a patch over the Global Settings, judged as they are and for every brand
 * that overrides them (its effective settings before and after, from its agreed rates), each of
 * those brands' revisions in the basis: a brand changed meanwhile makes the request lapse. Judged
 * and written under the settings lock: a brand's overrides changed at the same moment are judged
 * after it, against what it wrote, or before it, and then it is judged against theirs.
 */
export function proposeGlobalSettings(deps: DeskChangeDeps, patch: SettingsPatch, metadata: EventMetadata): Promise<Proposed<void>> {
  return proposeOrApply(
    deps,
    async () => {
      const [current, brands] = await Promise.all([deps.settings.fresh(), brandsUnderGlobal(deps)]);
      const state = { settings: current.settings, changedAt: current.changedAt, anchor: current.anchor };
      const after = settingsEvolver.evolve(state, decideSettings(state, { type: 'ChangeSettings', patch, at: metadata.acceptedAt })[0]!).settings;
      const under = brands.map(({ state: brand }) => ({ name: brand.name, overrides: brand.settingsOverrides, anchor: settingsAnchorOf(brand) }));
      return {
        reasons: secondAdminReasons({ kind: 'global_settings', before: current.settings, after, anchor: current.anchor, brands: under }),
        apply: async () => void (await deps.settings.update(patch, metadata, current.revision)),
        request: {
          tenantId: null,
          change: { kind: 'global_settings', patch },
          // Confirmed, its rates become the agreed ones: shown where that moves one.
          summary: [
            ...settingsSummary(current.settings, after),
            ...agreedRatesSummary(agreedRatesOf(current.anchor), agreedRatesOf({ rates: after.rates, setAt: metadata.acceptedAt })),
          ],
          basis: globalBasis(current.revision, brands),
        },
      };
    },
    metadata,
    deps.settingsLock,
  );
}

/**
 * PUT /api/admin/tenants/:id/settings: the brand's whole set of overrides, judged by what its
 * customers get before and after, under the settings lock (as a global change is).
 */
export function proposeBrandSettings(deps: DeskChangeDeps, tenantId: string, overrides: SettingsOverrides, metadata: EventMetadata): Promise<Proposed<void>> {
  return proposeOrApply(
    deps,
    async () => {
      const [global, brand] = await Promise.all([deps.settings.fresh(), deps.tenants.load(tenantId)]);
      if (!brand.state) throw new NotFoundError('Tenant not found');
      const [before, after] = [applyOverrides(global.settings, brand.state.settingsOverrides), applyOverrides(global.settings, overrides)];
      const agreed = agreedRatesOf(global.anchor, settingsAnchorOf(brand.state));
      return {
        reasons: secondAdminReasons({ kind: 'settings', before, after, agreed }),
        apply: async () => void (await deps.tenants.change(tenantId, metadata, { settingsOverrides: overrides }, brand.revision)),
        request: {
          tenantId,
          change: { kind: 'brand_settings', overrides },
          summary: [...settingsSummary(before, after), ...agreedRatesSummary(agreed, agreedRatesOf(global.anchor, { overrides, setAt: metadata.acceptedAt }))],
          basis: { ...basisOf.settings(global.revision), ...basisOf.brand(tenantId, brand.revision) },
        },
      };
    },
    metadata,
    deps.settingsLock,
  );
}

/**
 * PUT /api/admin/tenants/:id: a brand's profile and its lists of where customers pay (QR images
 * already stored). Widening where customers pay, or setting, moving or clearing the brand's domain
 * (where its visitors land), waits for a second admin; the rest of the profile applies at once.
 */
export function proposeBrandChange(deps: DeskChangeDeps, tenantId: string, change: BrandChange, metadata: EventMetadata): Promise<Proposed<TenantState>> {
  return proposeOrApply(
    deps,
    async () => {
      const { state, revision } = await deps.tenants.load(tenantId);
      if (!state) throw new NotFoundError('Tenant not found');
      const { profile, bankAccounts, cryptoWallets } = change;
      const changedProfile = profile && !sameValue(profile, profileOf(state)) ? profile : undefined;
      return {
        reasons: [
          ...secondAdminReasons({
            kind: 'payment_accounts',
            before: state,
            after: { ...(bankAccounts && { bankAccounts }), ...(cryptoWallets && { cryptoWallets }) },
          }),
          ...secondAdminReasons({ kind: 'brand_domain', before: state.domain, after: profile ? profile.domain : state.domain }),
        ],
        apply: () => deps.tenants.change(tenantId, metadata, change, revision),
        request: {
          tenantId,
          change: {
            kind: 'brand_accounts',
            ...(changedProfile && { profile: changedProfile }),
            ...(bankAccounts && { bankAccounts }),
            ...(cryptoWallets && { cryptoWallets }),
          },
          summary: paymentAccountsSummary({ ...state, profile: profileOf(state) }, { profile: changedProfile, bankAccounts, cryptoWallets }),
          basis: basisOf.brand(tenantId, revision),
          storedFiles: newFiles(state, cryptoWallets),
        },
      };
    },
    metadata,
  );
}

/** QR images the change brings that the brand does not use yet: stored for this request alone. */
const newFiles = (state: TenantState, wallets: TenantWallet[] | undefined): string[] =>
  (wallets ?? []).flatMap((w) => (w.qrFileId && !state.cryptoWallets.some((c) => c.qrFileId === w.qrFileId) ? [w.qrFileId] : []));

/** POST /api/admin/users: a customer at once; an account with a staff role after a second admin. Null: the phone is taken. */
export function proposeAccount(deps: DeskChangeDeps, user: NewUser, metadata: EventMetadata): Promise<Proposed<UserRow | null>> {
  return proposeOrApply(
    deps,
    async () => {
      const roles = [...new Set(user.roles)].sort();
      const reasons = secondAdminReasons({ kind: 'staff_account', roles });
      // A phone the brand already has is refused at once, as for a customer; so is a phone that is
      // staff on another account (one person, one staff account).
      if (reasons.length > 0 && (await findUserByPhone(deps.users, user.tenantId, user.phone))) throw new PhoneTakenError();
      if (reasons.length > 0) await refuseStaffElsewhere(deps.users, user.phone, null);
      return {
        reasons,
        apply: () => deps.roles.create(user, 'admin', metadata),
        request: {
          tenantId: user.tenantId,
          change: { kind: 'staff_account', username: user.username, phone: user.phone, roles },
          summary: staffAccountSummary({ ...user, roles }),
          basis: basisOf.phone(user.tenantId, user.phone, null),
        },
        kept: { keep: (changeId) => keepPassword(deps.users, changeId, user.passwordHash), drop: (changeId) => forgetPassword(deps.users, changeId) },
      };
    },
    metadata,
  );
}

/** PUT /api/admin/users/:id/roles: `decide` gives the roles wanted from the stored row (and refuses what it must). Null: no such user. */
export function proposeRoles(
  deps: DeskChangeDeps,
  userId: string,
  decide: (current: UserRow) => string[],
  metadata: EventMetadata,
): Promise<Proposed<UserRow | null>> {
  const needsSecond = (current: UserRow, wanted: string[]) => secondAdminReasons({ kind: 'roles', before: current.roles, after: wanted });
  return proposeOrApply(
    deps,
    async () => {
      const current = await findUserById(deps.users, userId);
      const wanted = current ? [...new Set(decide(current))].sort() : [];
      if (current && grantsStaff(current.roles, wanted)) await refuseStaffElsewhere(deps.users, current.phone, current.id);
      return {
        reasons: current ? needsSecond(current, wanted) : [],
        // Judged again on the row it changes: roles that moved since the read are judged anew.
        apply: () =>
          deps.roles.change(
            userId,
            (row) => {
              const next = decide(row);
              if (needsSecond(row, next).length > 0) throw new ChangeStaleError();
              return next;
            },
            metadata,
          ),
        request: {
          tenantId: current?.tenant_id ?? null,
          change: { kind: 'roles', userId: current?.id ?? userId, phone: current?.phone ?? '', roles: wanted, previousRoles: current?.roles ?? [] },
          summary: current ? rolesSummary(current.username ? `${current.phone} (${current.username})` : current.phone, current.roles, wanted) : [],
          basis: basisOf.roles(current?.id ?? userId, current?.roles ?? []),
        },
      };
    },
    metadata,
  );
}
