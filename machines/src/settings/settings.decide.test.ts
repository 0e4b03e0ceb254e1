import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { decideSettings, settingsEvolver, type SettingsChanged, type SettingsCommand, type SettingsState } from './settings.decide';
import { DEFAULT_SETTINGS } from './settings.schema';

const spec = specFor<SettingsState, SettingsChanged, SettingsCommand>({ ...settingsEvolver, decide: decideSettings });
const defaultsAgreed = { anchorRates: DEFAULT_SETTINGS.rates, anchorSetAt: null };

describe('Global Settings decisions, given earlier changes', () => {
  it('lays a partial change over the defaults, recording the whole settings', () => {
    spec([])
      .when({ type: 'ChangeSettings', patch: { rates: { usdt_bank_buy: '88.5' } }, at: 't1' })
      .thenRecords([
        {
          type: 'SettingsChanged',
          data: { ...DEFAULT_SETTINGS, rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '88.5' }, changedAt: 't1', ...defaultsAgreed },
        },
      ]);
  });

  it('keeps what an earlier change set when a later one sends other fields', () => {
    const first: SettingsChanged = {
      type: 'SettingsChanged',
      data: { ...DEFAULT_SETTINGS, fees: { fiatToCryptoPercent: '0.5', cryptoToFiatPercent: '1' }, changedAt: 't1', ...defaultsAgreed },
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
            ...defaultsAgreed,
          },
        },
      ]);
  });
});

describe('the agreed rates (the review: a rate walked away in steps inside the band)', () => {
  const walked = { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '83.4' };

  it('a change one admin applies at once leaves the agreed rates where they were', () => {
    const atOnce: SettingsChanged = { type: 'SettingsChanged', data: { ...DEFAULT_SETTINGS, rates: walked, changedAt: 't1', ...defaultsAgreed } };
    spec([atOnce])
      .when({ type: 'ChangeSettings', patch: { rates: { usdt_bank_buy: '81.8' } }, at: 't2' })
      .thenRecords([
        { type: 'SettingsChanged', data: { ...DEFAULT_SETTINGS, rates: { ...walked, usdt_bank_buy: '81.8' }, changedAt: 't2', ...defaultsAgreed } },
      ]);
  });

  it('a change a second admin confirmed makes its rates the agreed ones, from then', () => {
    spec([])
      .when({ type: 'ChangeSettings', patch: { rates: { usdt_bank_buy: '70' } }, at: 't3', confirmed: true })
      .thenRecords([
        {
          type: 'SettingsChanged',
          data: {
            ...DEFAULT_SETTINGS,
            rates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '70' },
            changedAt: 't3',
            anchorRates: { ...DEFAULT_SETTINGS.rates, usdt_bank_buy: '70' },
            anchorSetAt: 't3',
          },
        },
      ]);
  });

  it("an installation's rates at upgrade are its agreed rates: an event without them agrees its own", () => {
    const recordedBefore: SettingsChanged = { type: 'SettingsChanged', data: { ...DEFAULT_SETTINGS, rates: walked, changedAt: 't0' } };
    spec([recordedBefore])
      .when({ type: 'ChangeSettings', patch: { fees: { fiatToCryptoPercent: '1' } }, at: 't4' })
      .thenRecords([
        {
          type: 'SettingsChanged',
          data: {
            ...DEFAULT_SETTINGS,
            rates: walked,
            fees: { ...DEFAULT_SETTINGS.fees, fiatToCryptoPercent: '1' },
            changedAt: 't4',
            anchorRates: walked,
            anchorSetAt: null,
          },
        },
      ]);
  });
});
