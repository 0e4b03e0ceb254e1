import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { withCommonRefusals } from '../http/common-refusals';
import type { SettingsService } from './settings.service';
import { settingsOverridesSchema } from '@desk/machines/settings/settings.schema';
import { agreedRatesJson, agreedRatesJsonSchema, overridesJson, overridesJsonSchema, settingsJson, settingsJsonSchema } from './settings-json';
import { personJson, personJsonSchema } from '../identity/person-json';
import type { TenantStore } from '../tenants/tenant-store';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';
import { savedOrWaiting, SETTINGS_CONFLICT } from './settings.routes';

export interface TenantSettingsDeps {
  tenants: TenantStore;
  settings: SettingsService;
  users: Kysely<ServicesDatabase>;
  trustProxy: ProxyTrust;
  /** Overrides that loosen what the brand's customers get wait for a second admin (decision 0030). */
  desk: DeskChangeAnswers;
}

/** A brand's settings as its detail page reads them: the global ones, its overrides and what its customers get. */
const brandSettingsJsonSchema = z.object({
  tenantId: z.string(),
  global: settingsJsonSchema,
  overrides: overridesJsonSchema.describe('Only the fields the brand overrides'),
  effective: settingsJsonSchema.describe("What the brand's customers get"),
  settingsRevision: z.string().nullable(),
  overrideRevision: z.string().nullable(),
  agreedRates: agreedRatesJsonSchema,
  updatedAt: z.iso.datetime().nullable().describe('When the overrides last changed'),
  updatedBy: personJsonSchema.nullable(),
});
const NOT_FOUND = 'not_found: no such brand';
const brand = routeGroup({ tag: 'admin: brands', access: 'operator' });

export const tenantSettingsDeclarations = {
  read: brand.get('/tenants/{id}/settings', {
    summary: "The brand's settings: global, overrides, effective, and its agreed rates",
    answers: { 200: answer("The brand's settings", brandSettingsJsonSchema) },
    refuses: { 404: NOT_FOUND },
  }),
  change: brand.put('/tenants/{id}/settings', {
    summary: "Replace the brand's overrides; loosening what its customers get waits for a second admin",
    body: settingsOverridesSchema,
    answers: savedOrWaiting('Saved', brandSettingsJsonSchema),
    refuses: withCommonRefusals({ 404: NOT_FOUND, 409: SETTINGS_CONFLICT }, { body: true }),
  }),
};

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

  return routes<AdminEnv>()
    .openapi(tenantSettingsDeclarations.read, async (c) => {
      const id = c.req.param('id');
      await tenants.get(id);
      return c.json(await describe(id), 200);
    })
    .openapi(tenantSettingsDeclarations.change, async (c) => {
      const id = c.req.param('id');
      const outcome = await desk.changes.overrideBrandSettings(id, c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      settings.forget(id);
      return c.json({ ...(await describe(id)), message: 'Brand settings saved' }, 200);
    });
}
