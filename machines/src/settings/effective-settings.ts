import type { Settings, SettingsOverrides } from './settings.schema';

/** The global settings with a brand's overrides laid over them, field by field. */
export function applyOverrides(global: Settings, overrides: SettingsOverrides | undefined): Settings {
  if (!overrides) return global;
  return {
    rates: { ...global.rates, ...defined(overrides.rates) },
    fees: { ...global.fees, ...defined(overrides.fees) },
    limits: { ...global.limits, ...defined(overrides.limits) },
    controls: { ...global.controls, ...defined(overrides.controls) },
  };
}

/** Whether a brand overrides anything at all. */
export function overridesAnything(overrides: SettingsOverrides | undefined): boolean {
  return !!overrides && [overrides.rates, overrides.fees, overrides.limits, overrides.controls].some((part) => part && Object.keys(defined(part)).length > 0);
}

function defined<T extends object>(part: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(part ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
