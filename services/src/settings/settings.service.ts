import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import { streamId } from '@desk/platform/eventstore/stream-id';
import type { TenantStore } from '../tenants/tenant-store';
import { DEFAULT_SETTINGS, type Settings, type SettingsOverrides, type SettingsPatch } from '@desk/machines/settings/settings.schema';
import { decideSettings, settingsEvolver, settingsOf, type SettingsChangedData } from '@desk/machines/settings/settings.decide';
import { applyOverrides, overridesAnything } from '@desk/machines/settings/effective-settings';
import { agreedRatesOf, type AgreedRates, type GlobalAnchor, type Rates } from '@desk/machines/settings/agreed-rates';
import { settingsAnchorOf } from '@desk/machines/tenants/tenant.events';

/**
 * The operator's Global Settings apply to every brand. Their stream keeps the name it had when
 * settings were kept per tenant (the operator's tenant is `default`), so recorded history stays put.
 */
export const GLOBAL_SETTINGS_STREAM = streamId('settings', 'default');

export interface CurrentSettings {
  settings: Settings;
  /** Stream revision of the change in force; null while the defaults apply. Orders record it. */
  revision: string | null;
  changedAt: string | null;
  changedBy: string | null;
  /** The Global Settings' rates as a second admin last confirmed them, and when (agreed-rates.ts). */
  anchor: GlobalAnchor;
}

/** A brand's settings: the global ones with its overrides, and which revisions they came from. */
export interface BrandSettings extends CurrentSettings {
  overrides: SettingsOverrides;
  /** Revision of the brand's stream when it overrides anything; null when the global settings apply as they are. */
  overrideRevision: string | null;
  /**
   * The brand's agreed rates (a rates table like `settings.rates`, read with `selectRate`): what a
   * rate move is measured from, and what four eyes may value an order's USDT at (decision 0030,
   * addendum of 2026-11-27). `agreed` says when each was confirmed.
   */
  anchorRates: Rates;
  agreed: AgreedRates;
}

const DEFAULTS: CurrentSettings = {
  settings: DEFAULT_SETTINGS,
  revision: null,
  changedAt: null,
  changedBy: null,
  anchor: settingsEvolver.initial().anchor,
};

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * Rates, fees and limits as an event stream: every change of the global settings is a
 * SettingsChanged event carrying the whole new settings, so the settings in force at any moment,
 * and who set them, can be read back. A brand's overrides are events of the brand's own stream
 * (TenantSettingsOverridden). What is in force is cached for `cacheMs` per process.
 */
export class SettingsService {
  private global: Cached<CurrentSettings> | null = null;
  private readonly brands = new Map<string, Cached<BrandSettings>>();

  constructor(
    private readonly handler: CommandHandler,
    private readonly store: EventStore,
    private readonly tenants: TenantStore,
    private readonly cacheMs = 1_000,
  ) {}

  /** The Global Settings, as the operator set them. */
  async current(): Promise<CurrentSettings> {
    if (this.global && Date.now() - this.global.at < this.cacheMs) return this.global.value;
    const value = await this.load();
    this.global = { value, at: Date.now() };
    return value;
  }

  /** What a brand's customers trade at: the global settings with the brand's overrides. */
  async forTenant(tenantId: string): Promise<BrandSettings> {
    const cached = this.brands.get(tenantId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.value;
    const [global, brand] = await Promise.all([this.current(), this.tenants.load(tenantId)]);
    const overrides = brand.state?.settingsOverrides ?? {};
    const agreed = agreedRatesOf(global.anchor, brand.state ? settingsAnchorOf(brand.state) : undefined);
    const value: BrandSettings = {
      ...global,
      settings: applyOverrides(global.settings, overrides),
      overrides,
      overrideRevision: overridesAnything(overrides) && brand.revision !== null ? brand.revision.toString() : null,
      anchorRates: agreed.rates,
      agreed,
    };
    this.brands.set(tenantId, { value, at: Date.now() });
    return value;
  }

  /** A brand's overrides changed (in this process): price its next order with them. */
  forget(tenantId: string): void {
    this.brands.delete(tenantId);
  }

  /** The Global Settings as stored now, past the cache: what a change to them is decided against. */
  fresh(): Promise<CurrentSettings> {
    return this.load();
  }

  /**
   * Lays `patch` over the Global Settings. `atRevision` (the `revision` of `current()` or `fresh()`):
   * only over the settings at exactly that revision, else WrongExpectedVersionError, for a change
   * judged, or confirmed by a second admin, against what they were then (decision 0030).
   * `confirmed`: a second admin confirmed it, so its rates become the agreed ones.
   */
  async update(patch: SettingsPatch, metadata: EventMetadata, atRevision?: string | null, confirmed = false): Promise<CurrentSettings> {
    const { state, revision } = await this.handler.handle(
      settingsEvolver,
      GLOBAL_SETTINGS_STREAM,
      (current) => decideSettings(current, { type: 'ChangeSettings', patch, at: metadata.acceptedAt, confirmed }),
      metadata,
      atRevision === undefined ? {} : { atRevision: atRevision === null ? null : BigInt(atRevision) },
    );
    const value: CurrentSettings = {
      settings: state.settings,
      revision: revision!.toString(),
      changedAt: state.changedAt,
      changedBy: metadata.actor.id,
      anchor: state.anchor,
    };
    this.global = { value, at: Date.now() };
    this.brands.clear();
    return value;
  }

  private async load(): Promise<CurrentSettings> {
    const events = await this.store.readStream(GLOBAL_SETTINGS_STREAM);
    const last = events[events.length - 1];
    if (!last) return DEFAULTS;
    const { settings, changedAt, anchor } = settingsOf(last.data as SettingsChangedData);
    return { settings, revision: last.streamPosition.toString(), changedAt, changedBy: last.metadata.actor.id, anchor };
  }
}
