/**
 * The Global Settings as an aggregate: every change is one SettingsChanged event carrying the whole
 * settings after it, so what was in force at any moment is one event away. Pure: time comes in.
 */
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from './settings.schema';

export type SettingsChanged = { type: 'SettingsChanged'; data: Settings & { changedAt: string } };

export interface SettingsState {
  settings: Settings;
  /** When the settings in force were set; null while the defaults apply. */
  changedAt: string | null;
}

export const settingsEvolver = {
  initial: (): SettingsState => ({ settings: DEFAULT_SETTINGS, changedAt: null }),
  evolve: (_state: SettingsState, event: SettingsChanged): SettingsState => {
    const { changedAt, ...settings } = event.data;
    // Changes recorded before the controls existed carry none: the defaults were in force.
    return { settings: { ...settings, controls: { ...DEFAULT_SETTINGS.controls, ...settings.controls } }, changedAt };
  },
};

export type SettingsCommand = { type: 'ChangeSettings'; patch: SettingsPatch; at: string };

/** A partial change: what is sent replaces those fields, the rest stays as it is. */
export function decideSettings(state: SettingsState, command: SettingsCommand): SettingsChanged[] {
  const { patch } = command;
  const settings: Settings = {
    rates: { ...state.settings.rates, ...patch.rates },
    fees: { ...state.settings.fees, ...patch.fees },
    limits: { ...state.settings.limits, ...patch.limits },
    controls: { ...state.settings.controls, ...patch.controls },
  };
  return [{ type: 'SettingsChanged', data: { ...settings, changedAt: command.at } }];
}
