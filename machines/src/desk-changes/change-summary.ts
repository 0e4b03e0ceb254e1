/**
 * What a change to the desk's rules does, line by line, before → after, in the words the
 * pending-changes screen shows: recorded on the request, so the confirmer reads exactly what was
 * asked, and the history keeps it. Pure.
 */
import type { Settings } from '../settings/settings.schema';
import type { TenantBankAccount, TenantProfile, TenantWallet } from '../tenants/tenant.events';
import { formatInr } from '../pricing/money-format';
import { matchEntries } from './entry-matches';
import { agreedRate, type AgreedRates } from '../settings/agreed-rates';
import type { SummaryLine } from './desk-change.events';
import { bankAccountWords, PRICED_RATES, walletWords, type PaymentAccounts } from './needs-second-admin';

const NONE = '—';

type Shown = (value: string) => string;
const rupees: Shown = (v) => formatInr(v);
const rate: Shown = (v) => (Number(v) === 0 ? '0 (follows the base rate)' : v);
const percent: Shown = (v) => `${v} %`;
const usdt: Shown = (v) => `${v} USDT`;
const rupeesOr =
  (zero: string): Shown =>
  (v) =>
    Number(v) === 0 ? zero : formatInr(v);

/** Every field of the settings, how it is named and shown. */
const SETTINGS_FIELDS: readonly { what: string; read: (s: Settings) => string; show: Shown }[] = [
  { what: 'Base rate (INR per USDT)', read: (s) => s.rates.usdtInr, show: rate },
  { what: 'USDT Bank Buy rate', read: (s) => s.rates.usdt_bank_buy, show: rate },
  { what: 'USDT Bank Sell rate', read: (s) => s.rates.usdt_bank_sell, show: rate },
  { what: 'USDT Cash Buy rate', read: (s) => s.rates.usdt_cash_buy, show: rate },
  { what: 'USDT Cash Sell rate', read: (s) => s.rates.usdt_cash_sell, show: rate },
  { what: 'Buy fee', read: (s) => s.fees.fiatToCryptoPercent, show: percent },
  { what: 'Sell fee', read: (s) => s.fees.cryptoToFiatPercent, show: percent },
  { what: 'Smallest buy order', read: (s) => s.limits.buyInr.min, show: rupees },
  { what: 'Largest buy order', read: (s) => s.limits.buyInr.max, show: rupees },
  { what: 'Smallest sell order', read: (s) => s.limits.sellUsdt.min, show: usdt },
  { what: 'Largest sell order', read: (s) => s.limits.sellUsdt.max, show: usdt },
  { what: 'Second admin above', read: (s) => s.controls.fourEyesAboveInr, show: rupeesOr('off') },
  { what: 'Customer daily limit', read: (s) => s.controls.customerDailyInr, show: rupeesOr('no limit') },
  { what: 'Customer monthly limit', read: (s) => s.controls.customerMonthlyInr, show: rupeesOr('no limit') },
  { what: 'Re-quote band', read: (s) => s.controls.requoteBandPercent, show: percent },
  { what: 'Bank statement matches', read: (s) => s.controls.bankMatch, show: (v) => (v === 'verify' ? 'verify exact matches' : 'suggest only') },
  { what: 'Payout not shown on chain', read: (s) => s.controls.chainPayoutMismatch, show: (v) => (v === 'flag' ? 'record it, flagged' : 'refuse it') },
];

/** The settings that differ (a brand's: its effective settings, what its customers get). */
export function settingsSummary(before: Settings, after: Settings): SummaryLine[] {
  return SETTINGS_FIELDS.flatMap(({ what, read, show }) => {
    const [was, now] = [read(before), read(after)];
    // Numbers compare as numbers ("85" is "85.00"); words as words.
    const same = was === now || (Number.isFinite(Number(was)) && Number(was) === Number(now));
    return same ? [] : [{ what, before: show(was), after: show(now) }];
  });
}

/**
 * The agreed rates a confirmation would set (agreed-rates.ts), where they differ from today's: a
 * confirmer agrees every priced rate as the change leaves it, so a rate one admin moved within the
 * band since the last confirmation is shown here, not moved silently.
 */
export function agreedRatesSummary(before: AgreedRates, after: AgreedRates): SummaryLine[] {
  return PRICED_RATES.flatMap(({ side, method, words }) => {
    const [was, now] = [agreedRate(before, side, method).rate, agreedRate(after, side, method).rate];
    return Number(was) === Number(now) ? [] : [{ what: `Agreed ${words}`, before: was, after: now }];
  });
}

const ROLE_NAMES: Record<string, string> = { admin: 'admin', compliance: 'compliance officer' };
const rolesText = (roles: readonly string[]) => (roles.length === 0 ? 'customer (no staff role)' : roles.map((r) => ROLE_NAMES[r] ?? r).join(', '));

export function rolesSummary(account: string, before: readonly string[], after: readonly string[]): SummaryLine[] {
  return [{ what: `Roles of ${account}`, before: rolesText(before), after: rolesText(after) }];
}

export function staffAccountSummary(account: { phone: string; username: string | null; roles: readonly string[] }): SummaryLine[] {
  return [
    { what: 'New account', before: NONE, after: account.username ? `${account.phone} (${account.username})` : account.phone },
    { what: 'Roles', before: NONE, after: rolesText(account.roles) },
  ];
}

/** A brand deleted: its name, and its domain released. */
export function brandDeletionSummary(name: string, domain: string | null): SummaryLine[] {
  return [{ what: 'Brand', before: name, after: 'deleted' }, ...(domain ? [{ what: 'Domain', before: domain, after: 'none' }] : [])];
}

const PROFILE_FIELDS: readonly { what: string; read: (p: TenantProfile) => string }[] = [
  { what: 'Brand name', read: (p) => p.name },
  { what: 'Domain', read: (p) => p.domain ?? 'none' },
  { what: 'Colour', read: (p) => p.primaryColor },
  { what: 'Logo', read: (p) => p.logoUrl ?? (p.logoFileId ? 'uploaded image' : 'none') },
  { what: 'Support phone', read: (p) => p.supportPhone ?? 'none' },
  { what: 'Support email', read: (p) => p.supportEmail ?? 'none' },
  { what: 'WhatsApp link', read: (p) => p.supportWhatsApp ?? 'none' },
  { what: 'Support hours', read: (p) => p.supportHours ?? 'none' },
];

/** A brand's profile (when part of a change of its accounts), then each account or wallet added, changed, removed, switched on or off. */
export function paymentAccountsSummary(
  before: PaymentAccounts & { profile: TenantProfile },
  after: Partial<PaymentAccounts> & { profile?: TenantProfile | undefined },
): SummaryLine[] {
  const profile = after.profile
    ? PROFILE_FIELDS.flatMap(({ what, read }) => {
        const [was, now] = [read(before.profile), read(after.profile!)];
        return was === now ? [] : [{ what, before: was, after: now }];
      })
    : [];
  return [
    ...profile,
    ...(after.bankAccounts ? listChanges(before.bankAccounts, after.bankAccounts, 'Bank account', bankAccountWords) : []),
    ...(after.cryptoWallets ? listChanges(before.cryptoWallets, after.cryptoWallets, 'Deposit wallet', walletWords) : []),
  ];
}

const state = (active: boolean) => (active ? 'active' : 'inactive');

function listChanges<T extends TenantBankAccount | TenantWallet>(
  before: readonly T[],
  after: readonly T[],
  noun: string,
  words: (entry: T) => string,
): SummaryLine[] {
  const { changed, removed } = matchEntries(before, after);
  const lines = changed.map(({ entry, was }): SummaryLine => ({
    what: `${noun} ${words(entry)}`,
    before: was ? state(was.isActive) : NONE,
    after: state(entry.isActive),
  }));
  return [...lines, ...removed.map((was) => ({ what: `${noun} ${words(was)}`, before: state(was.isActive), after: 'removed' }))];
}
