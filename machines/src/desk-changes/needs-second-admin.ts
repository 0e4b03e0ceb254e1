/**
 * Which changes to the desk's own rules need a second admin (decision 0030): the one rule every
 * route that changes those rules asks. It answers, for a proposed change and what it would replace,
 * why a second admin must confirm it, in words the pending-changes screen shows; an empty list
 * means one admin's change applies at once, as before.
 *
 * - **Settings** (the Global Settings, judged as they are and for every brand through its effective
 *   settings; or one brand's effective settings before and after its overrides): a control loosened
 *   (the four-eyes threshold or a customer limit raised or turned off, the re-quote band widened),
 *   a per-order maximum raised, or a priced rate moved to further than the re-quote band in force
 *   from its agreed rate, the rate as a second admin last confirmed it (settings-loosened.ts).
 *   Four eyes values an order's USDT at a brand's rates, so one admin moving a rate far, at once or
 *   in steps, would defeat it; the day's small moves around the agreed rate stay one admin's.
 *   Tightening, minima, fees and moves within the band of the agreed rate apply at once.
 * - **Roles**: granting or removing admin or compliance, always; a new account with either role.
 * - **Where customers pay** (a brand's bank accounts and deposit wallets): adding one, changing any
 *   of its fields (a QR image included) or activating one. Removing or deactivating one only
 *   narrows where customers pay, and applies at once.
 * - **Where customers land** (a brand's domain): setting, changing or clearing it. A host sends
 *   its visitors to the brand that claims it, so one admin could otherwise take any host for a
 *   brand of their making, the operator's own public one included (the review's F11).
 * - **Deleting a brand**, always: it shuts the brand's customers and staff out and releases its
 *   domain, at once and for good (the second review's N6).
 * Pure: the state replaced comes in with the change.
 */
import type { Settings } from '../settings/settings.schema';
import type { AgreedRates, GlobalAnchor } from '../settings/agreed-rates';
import type { TenantBankAccount, TenantWallet } from '../tenants/tenant.events';
import { matchEntries } from './entry-matches';
import { loosenedGlobally, loosenedSettings, type BrandUnderGlobal } from './settings-loosened';

export { PRICED_RATES, type BrandUnderGlobal } from './settings-loosened';

export interface PaymentAccounts {
  bankAccounts: TenantBankAccount[];
  cryptoWallets: TenantWallet[];
}

export type ProposedDeskChange =
  /** One brand's effective settings (global with its overrides) before and after; `agreed`: its agreed rates now. */
  | { kind: 'settings'; before: Settings; after: Settings; agreed: AgreedRates }
  /** The Global Settings before and after, their agreed rates now, and every brand that overrides them. */
  | { kind: 'global_settings'; before: Settings; after: Settings; anchor: GlobalAnchor; brands: readonly BrandUnderGlobal[] }
  | { kind: 'roles'; before: readonly string[]; after: readonly string[] }
  | { kind: 'staff_account'; roles: readonly string[] }
  /** A list absent from `after` stays as it is. */
  | { kind: 'payment_accounts'; before: PaymentAccounts; after: Partial<PaymentAccounts> }
  /** A brand's domain (null: none). */
  | { kind: 'brand_domain'; before: string | null; after: string | null }
  /** A brand deleted: its name and domain (null: none). */
  | { kind: 'brand_deletion'; name: string; domain: string | null };

/** Why `change` needs a second admin; empty when one admin may make it. */
export function secondAdminReasons(change: ProposedDeskChange): string[] {
  switch (change.kind) {
    case 'settings':
      return loosenedSettings(change.before, change.after, change.agreed);
    case 'global_settings':
      return loosenedGlobally(change.before, change.after, change.anchor, change.brands);
    case 'roles':
      return STAFF_ROLES.flatMap((role) => {
        const [had, has] = [change.before.includes(role), change.after.includes(role)];
        if (had === has) return [];
        return [has ? `It grants the ${ROLE_WORDS[role]} role` : `It removes the ${ROLE_WORDS[role]} role`];
      });
    case 'staff_account':
      return STAFF_ROLES.filter((role) => change.roles.includes(role)).map((role) => `It creates an account with the ${ROLE_WORDS[role]} role`);
    case 'payment_accounts':
      return [
        ...(change.after.bankAccounts ? widened(change.before.bankAccounts, change.after.bankAccounts, 'bank account', bankAccountWords) : []),
        ...(change.after.cryptoWallets ? widened(change.before.cryptoWallets, change.after.cryptoWallets, 'deposit wallet', walletWords) : []),
      ];
    case 'brand_domain':
      return domainReasons(change.before, change.after);
    case 'brand_deletion':
      return [
        `It deletes the brand ${change.name}: its customers and staff can no longer sign in` +
          (change.domain ? `, and its domain ${change.domain} is released: its visitors land on the operator's own brand` : ''),
      ];
  }
}

function domainReasons(before: string | null, after: string | null): string[] {
  if (before === after) return [];
  if (before === null) return [`It gives the brand the domain ${after}: visitors to that host land on this brand`];
  if (after === null) return [`It clears the brand's domain ${before}: its visitors land on the operator's own brand`];
  return [`It moves the brand from the domain ${before} to ${after}: visitors to ${after} land on this brand`];
}

export const STAFF_ROLES = ['admin', 'compliance'] as const;
const ROLE_WORDS: Record<(typeof STAFF_ROLES)[number], string> = { admin: 'admin', compliance: 'compliance officer' };

/**
 * Entries of `after` that customers could newly pay into: not in `before` (added, or any field
 * changed), or active now and inactive before. Entries are matched by their fields, an entry left
 * exactly as it was first, so two alike entries never read as an activation.
 */
function widened<T extends { isActive: boolean }>(before: readonly T[], after: readonly T[], noun: string, words: (entry: T) => string): string[] {
  return matchEntries(before, after).changed.flatMap(({ entry, was }) => {
    if (was === null) return [`It adds or changes a ${noun} customers pay into: ${words(entry)}`];
    return entry.isActive && !was.isActive ? [`It activates the ${noun} ${words(entry)}`] : [];
  });
}

export const bankAccountWords = (b: TenantBankAccount) => `${b.bankName}, account ${b.accountNumber} (IFSC ${b.ifsc}, in the name of ${b.accountName})`;

export const walletWords = (w: TenantWallet) =>
  `${w.network} ${w.address} (${w.qrUrl ? `QR image from ${w.qrUrl}` : w.qrFileId ? 'QR image stored on the desk' : 'no QR image'})`;
