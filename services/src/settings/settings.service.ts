import { randomUUID } from 'node:crypto';
import type { EventStore } from '../eventstore/event-store';
import type { EventMetadata } from '../eventstore/event-metadata';
import { WrongExpectedVersionError } from '../eventstore/event-store.errors';
import { streamId } from '../eventstore/stream-id';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from './settings.schema';

export const SETTINGS_CHANGED = 'SettingsChanged';

export interface CurrentSettings {
  settings: Settings;
  /** Stream revision of the change in force; null while the defaults apply. Orders record it. */
  revision: string | null;
  changedAt: string | null;
  changedBy: string | null;
}

const DEFAULTS: CurrentSettings = { settings: DEFAULT_SETTINGS, revision: null, changedAt: null, changedBy: null };

/**
 * Rates, fees and limits as an event stream per tenant (`settings-<tenant>`): every change is a
 * SettingsChanged event carrying the whole new settings, so the settings in force at any moment,
 * and who set them, can be read back. Current settings are cached for `cacheMs` per process.
 */
export class SettingsService {
  private readonly cache = new Map<string, { value: CurrentSettings; at: number }>();

  constructor(
    private readonly store: EventStore,
    private readonly cacheMs = 1_000,
  ) {}

  async current(tenantId: string): Promise<CurrentSettings> {
    const cached = this.cache.get(tenantId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.value;
    const value = await this.load(tenantId);
    this.cache.set(tenantId, { value, at: Date.now() });
    return value;
  }

  async update(tenantId: string, patch: SettingsPatch, metadata: EventMetadata): Promise<CurrentSettings> {
    for (let attempt = 0; ; attempt++) {
      const now = await this.load(tenantId);
      const next: Settings = {
        rates: { ...now.settings.rates, ...patch.rates },
        fees: { ...now.settings.fees, ...patch.fees },
        limits: { ...now.settings.limits, ...patch.limits },
      };
      const changedAt = new Date().toISOString();
      try {
        const result = await this.store.append(
          streamId('settings', tenantId),
          [{ eventId: randomUUID(), type: SETTINGS_CHANGED, data: { ...next, changedAt }, metadata }],
          { expected: now.revision === null ? 'no_stream' : BigInt(now.revision) },
        );
        const value = { settings: next, revision: result.nextExpectedVersion.toString(), changedAt, changedBy: metadata.actor.id };
        this.cache.set(tenantId, { value, at: Date.now() });
        return value;
      } catch (error) {
        // Two admins saving at once: apply this patch on top of the other change.
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 3) throw error;
      }
    }
  }

  private async load(tenantId: string): Promise<CurrentSettings> {
    const events = await this.store.readStream(streamId('settings', tenantId));
    const last = events[events.length - 1];
    if (!last) return DEFAULTS;
    const { changedAt, ...settings } = last.data as Settings & { changedAt: string };
    return { settings, revision: last.streamPosition.toString(), changedAt, changedBy: last.metadata.actor.id };
  }
}
