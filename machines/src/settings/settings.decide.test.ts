import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { decideSettings, settingsEvolver, type SettingsChanged, type SettingsCommand, type SettingsState } from './settings.decide';
import { DEFAULT_SETTINGS } from './settings.schema';

const spec = specFor<SettingsState, SettingsChanged, SettingsCommand>({ ...settingsEvolver, decide: decideSettings });

describe('Global Settings decisions, given earlier changes', () => {
  it('lays a partial change over the defaults, recording the whole settings', () => {
    spec([])
      .when({ type: 'ChangeSettings', patch: { rates: { usdt_bank_buy: '88.5' } }, at: 't1' })
      .thenRecords([{ type: 'SettingsChanged', data: { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '88.5' }, changedAt: 't1' } }]);
  });

  it('keeps what an earlier change set when a later one sends other fields', () => {
    const first: SettingsChanged = {
      type: 'SettingsChanged',
      data: { ...DEFAULT_SETTINGS, fees: { fiatToCryptoPercent: '0.5', cryptoToFiatPercent: '1' }, changedAt: 't1' },
    };
    spec([first])
      .when({ type: 'ChangeSettings', patch: { limits: { buyInr: { min: '500', max: '5000' } } }, at: 't2' })
      .thenRecords([
        {
          type: 'SettingsChanged',
          data: {
            ...DEFAULT_SETTINGS,
            fees: { fiatToCryptoPercent: '0.5', cryptoToFiatPercent: '1' },
            limits: { ...DEFAULT_SETTINGS.limits, buyInr: { min: '500', max: '5000' } },
            changedAt: 't2',
          },
        },
      ]);
  });
});
