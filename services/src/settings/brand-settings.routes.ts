import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { validate } from '../http/validate';
import type { SettingsService } from './settings.service';
import { settingsOverridesSchema } from '@desk/machines/settings/settings.schema';
import { agreedRatesJson, overridesJson, settingsJson } from './settings-json';
import { personJson } from '../identity/person-json';
import type { TenantStore } from '../tenants/tenant-store';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';

export interface TenantSettingsDeps {
  tenants: TenantStore;
  settings: SettingsService;
  users: Kysely<ServicesDatabase>;
  trustProxy: ProxyTrust;
  /** Overrides that loosen what the brand's customers get wait for a second admin (decision 0030). */
  desk: DeskChangeAnswers;
}

/**
 * A brand's overrides of the Global Settings, on the brand's detail page: mounted at /api/admin
 * behind requireOperator (app.ts). The answer shows the global settings, the overrides and what
 * the brand's customers get, so the screen never has to merge them itself.
 */
export function tenantSettingsRoutes({ tenants, settings, users, trustProxy, desk }: TenantSettingsDeps) {
  const describe = async (id: string) => {
    const [brand, last] = await Promise.all([settings.forTenant(id), tenants.lastChange(id, 'TenantSettingsOverridden')]);
    const global = await settings.current();
    return {
      tenantId: id,
      global: settingsJson(global.settings),
      overrides: overridesJson(brand.overrides),
      effective: settingsJson(brand.settings),
      settingsRevision: brand.revision,
      overrideRevision: brand.overrideRevision,
      agreedRates: agreedRatesJson(brand.agreed),
      updatedAt: last?.at ?? null,
      updatedBy: await personJson(users, last?.by ?? null),
    };
  };

  return new Hono<AdminEnv>()
    .get('/tenants/:id/settings', async (c) => {
      const id = c.req.param('id');
      await tenants.get(id);
      return c.json(await describe(id), 200);
    })
    .put('/tenants/:id/settings', validate('json', settingsOverridesSchema), async (c) => {
      const id = c.req.param('id');
      const outcome = await desk.changes.overrideBrandSettings(id, c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      settings.forget(id);
      return c.json({ ...(await describe(id)), message: 'Brand settings saved' }, 200);
    });
}
