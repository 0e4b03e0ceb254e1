/**
 * Which changes to the desk's own rules need a second admin (decision 0030): the one rule every
 * route that changes those rules asks. It answers, for a proposed change and what it would replace,
 * why a second admin must confirm it, in words the pending-changes screen shows; an empty list
 * means one admin's change applies at once, as before.
 *
 * - **Settings** (the Global Settings, or a brand's effective settings before and after its
 *   overrides): a control loosened (the four-eyes threshold or a customer limit raised or turned off,
 *   the re-quote band widened), a per-order maximum raised, or an effective rate moved further than
 *   the re-quote band in force. Four eyes values an order's USDT at the brand's rate in force, so
 *   one admin moving a rate far would defeat it; the day's small moves stay one admin's.
 *   Tightening, minima, fees and moves within the band apply at once.
 * - **Roles**: granting or removing admin or compliance, always; a new account with either role.
 * - **Where customers pay** (a brand's bank accounts and deposit wallets): adding one, changing any
 *   of its fields (a QR image included) or activating one. Removing or deactivating one only
 *   narrows where customers pay, and applies at once.
 * Pure: the state replaced comes in with the change.
 */
import type { Settings } from '../settings/settings.schema';
import type { TenantBankAccount, TenantWallet } from '../tenants/tenant.events';
import { selectRate, type SettlementMethod, type Side } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { formatInr } from '../pricing/money-format';
import { bandDistancePercent, outsideBand } from '../order/requote-band';
import { sameValue } from '../shared/same-value';

export interface PaymentAccounts {
  bankAccounts: TenantBankAccount[];
  cryptoWallets: TenantWallet[];
}

export type ProposedDeskChange =
  /** The Global Settings, or a brand's effective settings (global with its overrides), before and after. */
  | { kind: 'settings'; before: Settings; after: Settings }
  | { kind: 'roles'; before: readonly string[]; after: readonly string[] }
  | { kind: 'staff_account'; roles: readonly string[] }
  /** A list absent from `after` stays as it is. */
  | { kind: 'payment_accounts'; before: PaymentAccounts; after: Partial<PaymentAccounts> };

/** Why `change` needs a second admin; empty when one admin may make it. */
export function secondAdminReasons(change: ProposedDeskChange): string[] {
  switch (change.kind) {
    case 'settings':
      return [...loosenedControls(change.before, change.after), ...raisedMaxima(change.before, change.after), ...ratesOutsideBand(change.before, change.after)];
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
  }
}

export const STAFF_ROLES = ['admin', 'compliance'] as const;
const ROLE_WORDS: Record<(typeof STAFF_ROLES)[number], string> = { admin: 'admin', compliance: 'compliance officer' };

const CONTROLS = [
  ['fourEyesAboveInr', 'the four-eyes threshold (a second admin above this amount)'],
  ['customerDailyInr', "customers' daily limit"],
  ['customerMonthlyInr', "customers' monthly limit"],
] as const;

/** A whole-rupee control where 0 is off: loosened when turned off, or raised while on. */
function loosenedControls(before: Settings, after: Settings): string[] {
  const reasons: string[] = [];
  for (const [key, words] of CONTROLS) {
    const [was, now] = [new Money(before.controls[key]), new Money(after.controls[key])];
    if (was.isZero()) continue; // already off: anything else is as strict or stricter
    if (now.isZero()) reasons.push(`It turns off ${words}, which was ${formatInr(before.controls[key])}`);
    else if (now.gt(was)) reasons.push(`It raises ${words} from ${formatInr(before.controls[key])} to ${formatInr(after.controls[key])}`);
  }
  const [band, widerBand] = [before.controls.requoteBandPercent, after.controls.requoteBandPercent];
  if (new Money(widerBand).gt(new Money(band))) reasons.push(`It widens the re-quote band from ${band} % to ${widerBand} %`);
  return reasons;
}

function raisedMaxima(before: Settings, after: Settings): string[] {
  const reasons: string[] = [];
  const [buy, buyAfter] = [before.limits.buyInr.max, after.limits.buyInr.max];
  if (BigInt(buyAfter) > BigInt(buy)) reasons.push(`It raises the largest buy order from ${formatInr(buy)} to ${formatInr(buyAfter)}`);
  const [sell, sellAfter] = [before.limits.sellUsdt.max, after.limits.sellUsdt.max];
  if (BigInt(sellAfter) > BigInt(sell)) reasons.push(`It raises the largest sell order from ${sell} USDT to ${sellAfter} USDT`);
  return reasons;
}

export const PRICED_RATES: readonly { side: Side; method: SettlementMethod; words: string }[] = [
  { side: 'buy', method: 'bank', words: 'bank buy rate' },
  { side: 'sell', method: 'bank', words: 'bank sell rate' },
  { side: 'buy', method: 'cash', words: 'cash buy rate' },
  { side: 'sell', method: 'cash', words: 'cash sell rate' },
];

/** Each rate an order is priced at (a rate of 0 falls back to the base rate, then 85), against the band in force. */
function ratesOutsideBand(before: Settings, after: Settings): string[] {
  const band = before.controls.requoteBandPercent;
  return PRICED_RATES.flatMap(({ side, method, words }) => {
    const [was, now] = [selectRate(before.rates, side, method).rate, selectRate(after.rates, side, method).rate];
    if (!outsideBand(was, now, band)) return [];
    const moved = bandDistancePercent(was, now).toDecimalPlaces(2, Money.ROUND_UP).toString();
    return [`It moves the ${words} from ${was} to ${now} (${moved} %), further than the ${band} % re-quote band`];
  });
}

/**
 * Entries of `after` that customers could newly pay into: not in `before` (added, or any field
 * changed), or active now and inactive before. Entries are matched by their fields, an entry left
 * exactly as it was first, so two alike entries never read as an activation.
 */
function widened<T extends { isActive: boolean }>(before: readonly T[], after: readonly T[], noun: string, words: (entry: T) => string): string[] {
  const unmatched = [...before];
  const take = (matches: (was: T) => boolean): T | null => {
    const index = unmatched.findIndex(matches);
    return index === -1 ? null : unmatched.splice(index, 1)[0]!;
  };
  const fields = (entry: T) => ({ ...entry, isActive: undefined });
  const rest = after.filter((entry) => take((was) => sameValue(was, entry)) === null);
  return rest.flatMap((entry) => {
    const was = take((candidate) => sameValue(fields(candidate), fields(entry)));
    if (was === null) return [`It adds or changes a ${noun} customers pay into: ${words(entry)}`];
    return entry.isActive && !was.isActive ? [`It activates the ${noun} ${words(entry)}`] : [];
  });
}

export const bankAccountWords = (b: TenantBankAccount) => `${b.bankName}, account ${b.accountNumber} (IFSC ${b.ifsc}, in the name of ${b.accountName})`;

export const walletWords = (w: TenantWallet) =>
  `${w.network} ${w.address} (${w.qrUrl ? `QR image from ${w.qrUrl}` : w.qrFileId ? 'QR image stored on the desk' : 'no QR image'})`;
