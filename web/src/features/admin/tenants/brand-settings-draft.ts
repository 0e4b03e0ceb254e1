import { CONTROL_FIELDS, FEE_FIELDS, LIMIT_FIELDS, POLICY_FIELDS, RATE_FIELDS, controlProblem } from '../settings/settings-draft';
import type { BrandOverrides, BrandSettings } from './brand-settings-api';

type Values = BrandSettings['global'];
type RateKey = keyof Values['rates'];

/** A brand may override the base rate too, so it comes first here (the Global Settings page shows it elsewhere). */
export const BRAND_RATE_FIELDS: readonly { key: RateKey; label: string }[] = [{ key: 'usdtInr', label: 'Base rate (USDT/INR)' }, ...RATE_FIELDS];

/** The override inputs as typed, by name (`rates.usdtInr`, `limits.buyInr.min`, `controls.fourEyesAboveInr`...); '' follows the Global Settings. */
export type OverridesDraft = Record<string, string>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function overridesDraft(overrides: BrandSettings['overrides']): OverridesDraft {
  const draft: OverridesDraft = {};
  for (const { key } of BRAND_RATE_FIELDS) draft[`rates.${key}`] = text(overrides.rates[key]);
  for (const { key } of FEE_FIELDS) draft[`fees.${key}`] = text(overrides.fees[key]);
  for (const { key } of LIMIT_FIELDS) {
    draft[`limits.${key}.min`] = text(overrides.limits[key]?.min);
    draft[`limits.${key}.max`] = text(overrides.limits[key]?.max);
  }
  for (const { key } of CONTROL_FIELDS) draft[`controls.${key}`] = text(overrides.controls[key]);
  for (const { key } of POLICY_FIELDS) draft[`controls.${key}`] = overrides.controls[key] ?? '';
  return draft;
}

const DECIMAL = /^\d+(\.\d{1,8})?$/;
const WHOLE = /^[1-9]\d{0,11}$/;

export interface ParsedOverrides {
  overrides: BrandOverrides;
  /** Input name to message, for inputs that cannot be saved as typed. */
  problems: Record<string, string>;
}

/**
 * The whole set of overrides the inputs describe (the server replaces the brand's set with it):
 * empty inputs are left out, a limit is overridden as a whole range or not at all, and a control may be 0 (off).
 */
export function parseOverrides(draft: OverridesDraft): ParsedOverrides {
  const problems: Record<string, string> = {};
  const rates: NonNullable<BrandOverrides['rates']> = {};
  const fees: NonNullable<BrandOverrides['fees']> = {};
  const limits: NonNullable<BrandOverrides['limits']> = {};
  const controls: NonNullable<BrandOverrides['controls']> = {};
  const typed = (name: string) => (draft[name] ?? '').trim();

  for (const { key } of BRAND_RATE_FIELDS) {
    const value = typed(`rates.${key}`);
    if (value === '') continue;
    // A brand's rate of 0 would mean "unset", which is what an empty input says.
    if (!DECIMAL.test(value) || Number(value) <= 0) problems[`rates.${key}`] = 'Enter a rate above 0, or leave it empty';
    rates[key] = Number(value);
  }
  for (const { key } of FEE_FIELDS) {
    const value = typed(`fees.${key}`);
    if (value === '') continue;
    if (!DECIMAL.test(value)) problems[`fees.${key}`] = 'Enter a number of 0 or more (up to 8 decimals), or leave it empty';
    fees[key] = Number(value);
  }
  for (const { key } of LIMIT_FIELDS) {
    const [minName, maxName] = [`limits.${key}.min`, `limits.${key}.max`];
    const [min, max] = [typed(minName), typed(maxName)];
    if (min === '' && max === '') continue;
    for (const [name, value] of [
      [minName, min],
      [maxName, max],
    ] as const) {
      if (value === '') problems[name] = 'Enter both ends, or leave both empty';
      else if (!WHOLE.test(value)) problems[name] = 'Enter a whole number above 0';
    }
    if (WHOLE.test(min) && WHOLE.test(max) && Number(min) > Number(max)) problems[minName] = 'The minimum must not be above the maximum';
    limits[key] = { min: Number(min), max: Number(max) };
  }

  for (const { key } of CONTROL_FIELDS) {
    const value = typed(`controls.${key}`);
    if (value === '') continue;
    // Unlike a rate, 0 is a real override here: the control is off for this brand (the band has no off).
    const problem = controlProblem(key, value, true);
    if (problem) problems[`controls.${key}`] = problem;
    controls[key] = Number(value);
  }
  for (const { key, options } of POLICY_FIELDS) {
    const value = typed(`controls.${key}`);
    if (value === '') continue;
    if (!options.some((option) => option.value === value)) problems[`controls.${key}`] = 'Choose one of the options';
    Object.assign(controls, { [key]: value });
  }

  const parts = { rates, fees, limits, controls };
  const overrides = Object.fromEntries(Object.entries(parts).filter(([, part]) => Object.keys(part).length > 0)) as BrandOverrides;
  return { overrides, problems };
}

/** Whether two sets of overrides are the same (both built by parseOverrides, so in the same key order). */
export const sameOverrides = (a: BrandOverrides, b: BrandOverrides) => JSON.stringify(a) === JSON.stringify(b);
