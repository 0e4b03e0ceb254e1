import type { AdminSettings, SettingsPatch } from './settings-api';

type RateKey = keyof AdminSettings['rates'];
type FeeKey = keyof AdminSettings['fees'];
type RangeKey = keyof AdminSettings['limits'];
/** The two controls that are a choice of words, not an amount: what a bank match and a payout the chain disputes do. */
type PolicyKey = 'bankMatch' | 'chainPayoutMismatch';
type ControlKey = Exclude<keyof AdminSettings['controls'], PolicyKey>;

export const RATE_FIELDS: readonly { key: RateKey; label: string }[] = [
  { key: 'usdt_bank_buy', label: 'USDT Bank Buy' },
  { key: 'usdt_bank_sell', label: 'USDT Bank Sell' },
  { key: 'usdt_cash_buy', label: 'USDT Cash Buy' },
  { key: 'usdt_cash_sell', label: 'USDT Cash Sell' },
];

export const FEE_FIELDS: readonly { key: FeeKey; label: string }[] = [
  { key: 'fiatToCryptoPercent', label: 'Buy fee %' },
  { key: 'cryptoToFiatPercent', label: 'Sell fee %' },
];

export const LIMIT_FIELDS: readonly { key: RangeKey; label: string }[] = [
  { key: 'buyInr', label: 'Buy order (INR)' },
  { key: 'sellUsdt', label: 'Sell order (USDT)' },
];

/** Whole rupees, 0 included (a control's "off"), as the server takes them. */
export const RUPEES = /^(0|[1-9]\d{0,11})$/;
/** A band in percent: above 0, at most 50, up to 2 decimals (checked for the range in `controlProblem`). */
const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;

export interface ControlField {
  key: ControlKey;
  label: string;
  hint: string;
  /** What 0 means, for the brand table; null where 0 is not allowed. */
  zero: string | null;
}

/** The desk's controls: whole rupees where 0 turns one off, and the re-quote band in percent. */
export const CONTROL_FIELDS: readonly ControlField[] = [
  {
    key: 'fourEyesAboveInr',
    label: 'Second admin above (₹)',
    hint: 'Completing or approving an order worth more than this needs a different admin to confirm. 0 turns it off.',
    zero: 'off',
  },
  { key: 'customerDailyInr', label: 'Customer daily limit (₹)', hint: 'What one customer may order in any 24 hours. 0: no limit.', zero: 'no limit' },
  { key: 'customerMonthlyInr', label: 'Customer monthly limit (₹)', hint: 'What one customer may order in any 30 days. 0: no limit.', zero: 'no limit' },
  {
    key: 'requoteBandPercent',
    label: 'Re-quote band (%)',
    hint: 'A re-quote or a rate change further than this from the rate in force needs a different admin to confirm.',
    zero: null,
  },
];

export interface PolicyField {
  key: PolicyKey;
  label: string;
  hint: string;
  options: readonly { value: string; label: string }[];
}

/** The reconciliation's choices (decision 0032): each loosening waits for a second admin. */
export const POLICY_FIELDS: readonly PolicyField[] = [
  {
    key: 'bankMatch',
    label: 'Bank statement matches',
    hint: 'When a statement credit matches a waiting buy exactly (its UTR and amount, the customer paying): shown for an admin to verify, or verified at once.',
    options: [
      { value: 'suggest', label: 'Show them; an admin verifies' },
      { value: 'verify', label: 'Verify exact matches' },
    ],
  },
  {
    key: 'chainPayoutMismatch',
    label: 'A payout the chain does not show',
    hint: 'A buy’s payout transaction that pays another address, amount or token than the order’s.',
    options: [
      { value: 'refuse', label: 'Refuse it' },
      { value: 'flag', label: 'Record it, flagged' },
    ],
  },
];

/** What is wrong with a control as typed, or null; `orEmpty` for an override, which may be left empty. */
export function controlProblem(key: ControlKey, typed: string, orEmpty = false): string | null {
  const empty = orEmpty ? ', or leave it empty' : '';
  if (key === 'requoteBandPercent') {
    return PERCENT.test(typed) && Number(typed) > 0 && Number(typed) <= 50 ? null : `Enter a percentage above 0 and at most 50 (up to 2 decimals)${empty}`;
  }
  if (RUPEES.test(typed)) return null;
  return orEmpty ? 'Enter a whole number of rupees (0 or more), or leave it empty' : 'Enter a whole number of rupees, 0 or more';
}

/** What the inputs hold, as typed: `rates.usdt_bank_buy`, `fees.fiatToCryptoPercent`, `limits.buyInr.min`, `controls.fourEyesAboveInr`... */
export type SettingsDraft = Record<string, string>;

export function draftOf(settings: AdminSettings): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const { key } of RATE_FIELDS) draft[`rates.${key}`] = String(settings.rates[key]);
  for (const { key } of FEE_FIELDS) draft[`fees.${key}`] = String(settings.fees[key]);
  for (const { key } of LIMIT_FIELDS) {
    draft[`limits.${key}.min`] = String(settings.limits[key].min);
    draft[`limits.${key}.max`] = String(settings.limits[key].max);
  }
  for (const { key } of CONTROL_FIELDS) draft[`controls.${key}`] = String(settings.controls[key]);
  for (const { key } of POLICY_FIELDS) draft[`controls.${key}`] = settings.controls[key];
  return draft;
}

const DECIMAL = /^\d+(\.\d{1,8})?$/;
const WHOLE = /^[1-9]\d{0,11}$/;

// "85" and "85.00" are the same rate: only a different number counts as a change.
const changed = (typed: string, saved: number) => typed.trim() === '' || Number(typed) !== saved;

export interface SettingsChanges {
  patch: SettingsPatch | null;
  /** Input name to message, for the changed inputs that cannot be saved as typed. */
  problems: Record<string, string>;
}

/** Only what the admin changed: single rates, fees and controls, and a limit range whole (the API takes both ends). */
export function settingsChanges(draft: SettingsDraft, saved: AdminSettings): SettingsChanges {
  const problems: Record<string, string> = {};
  const rates: Partial<Record<RateKey, number>> = {};
  const fees: Partial<Record<FeeKey, number>> = {};
  const limits: Partial<Record<RangeKey, { min: number; max: number }>> = {};
  const controls: Partial<Record<ControlKey, number>> & Partial<Pick<AdminSettings['controls'], PolicyKey>> = {};
  const decimal = (name: string, value: number) => {
    const typed = (draft[name] ?? '').trim();
    if (!changed(typed, value)) return undefined;
    if (!DECIMAL.test(typed)) problems[name] = 'Enter a number of 0 or more (up to 8 decimals)';
    return Number(typed);
  };
  for (const { key } of RATE_FIELDS) {
    const value = decimal(`rates.${key}`, saved.rates[key]);
    if (value !== undefined) rates[key] = value;
  }
  for (const { key } of FEE_FIELDS) {
    const value = decimal(`fees.${key}`, saved.fees[key]);
    if (value !== undefined) fees[key] = value;
  }
  for (const { key } of LIMIT_FIELDS) {
    const [minName, maxName] = [`limits.${key}.min`, `limits.${key}.max`];
    const [min, max] = [(draft[minName] ?? '').trim(), (draft[maxName] ?? '').trim()];
    if (!changed(min, saved.limits[key].min) && !changed(max, saved.limits[key].max)) continue;
    for (const [name, typed] of [
      [minName, min],
      [maxName, max],
    ] as const)
      if (!WHOLE.test(typed)) problems[name] = 'Enter a whole number above 0';
    if (WHOLE.test(min) && WHOLE.test(max) && Number(min) > Number(max)) problems[minName] = 'The minimum must not be above the maximum';
    limits[key] = { min: Number(min), max: Number(max) };
  }
  for (const { key } of CONTROL_FIELDS) {
    const name = `controls.${key}`;
    const typed = (draft[name] ?? '').trim();
    if (!changed(typed, saved.controls[key])) continue;
    const problem = controlProblem(key, typed);
    if (problem) problems[name] = problem;
    controls[key] = Number(typed);
  }
  for (const { key } of POLICY_FIELDS) {
    const chosen = draft[`controls.${key}`];
    if (chosen !== undefined && chosen !== saved.controls[key]) Object.assign(controls, { [key]: chosen });
  }
  const parts = { rates, fees, limits, controls };
  const patch = Object.fromEntries(Object.entries(parts).filter(([, part]) => Object.keys(part).length > 0)) as SettingsPatch;
  return { patch: Object.keys(patch).length > 0 ? patch : null, problems };
}
