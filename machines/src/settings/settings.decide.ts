/**
 * The Global Settings as an aggregate: every change is one SettingsChanged event carrying the whole
 * settings after it, so what was in force at any moment is one event away. Beside them, the agreed
 * rates (agreed-rates.ts): the rates as a second admin last confirmed them, moved only by a
 * confirmed change. Pure: time comes in.
 */
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from './settings.schema';
import type { AgreedAt, GlobalAnchor, Rates } from './agreed-rates';

export interface SettingsChangedData extends Settings {
  changedAt: string;
  /** The agreed rates after this change. Absent in events recorded before agreed rates: their own rates are agreed. */
  anchorRates?: Rates;
  /** When a confirmation set `anchorRates` (null: the rates in force when agreed rates began). */
  anchorSetAt?: AgreedAt;
}

export type SettingsChanged = { type: 'SettingsChanged'; data: SettingsChangedData };

export interface SettingsState {
  settings: Settings;
  /** When the settings in force were set; null while the defaults apply. */
  changedAt: string | null;
  /** The rates as last confirmed by a second admin: what a rate move is measured from. */
  anchor: GlobalAnchor;
}

/** The settings, and the agreed rates, an event leaves in force. */
export function settingsOf(data: SettingsChangedData): SettingsState {
  const { changedAt, anchorRates, anchorSetAt, ...settings } = data;
  // Changes recorded before the controls existed carry none: the defaults were in force.
  const inForce: Settings = { ...settings, controls: { ...DEFAULT_SETTINGS.controls, ...settings.controls } };
  const anchor = anchorRates ? { rates: anchorRates, setAt: anchorSetAt ?? null } : { rates: inForce.rates, setAt: null };
  return { settings: inForce, changedAt, anchor };
}

export const settingsEvolver = {
  initial: (): SettingsState => ({ settings: DEFAULT_SETTINGS, changedAt: null, anchor: { rates: DEFAULT_SETTINGS.rates, setAt: null } }),
  evolve: (_state: SettingsState, event: SettingsChanged): SettingsState => settingsOf(event.data),
};

/**
 * `confirmed`: a second admin (or the admin CLI) confirmed this change (decision 0030), so its rates
 * become the agreed ones; a change one admin applies at once leaves the agreed rates as they were.
 */
export type SettingsCommand = { type: 'ChangeSettings'; patch: SettingsPatch; at: string; confirmed?: boolean };

/** A partial change: what is sent replaces those fields, the rest stays as it is. */
export function decideSettings(state: SettingsState, command: SettingsCommand): SettingsChanged[] {
  const { patch } = command;
  const settings: Settings = {
    rates: { ...state.settings.rates, ...patch.rates },
    fees: { ...state.settings.fees, ...patch.fees },
    limits: { ...state.settings.limits, ...patch.limits },
    controls: { ...state.settings.controls, ...patch.controls },
  };
  const anchor = command.confirmed ? { rates: settings.rates, setAt: command.at } : state.anchor;
  return [{ type: 'SettingsChanged', data: { ...settings, changedAt: command.at, anchorRates: anchor.rates, anchorSetAt: anchor.setAt } }];
}
