import type { Context } from 'hono';
import { z } from 'zod';
import { tenantOf } from '../http/tenant';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { answer, declare, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { withCommonRefusals } from '../http/common-refusals';
import { settingsPatchSchema } from '@desk/machines/settings/settings.schema';
import { NETWORKS } from '@desk/machines/addresses/networks';
import type { SettingsService } from './settings.service';
import { currentSettingsJson, currentSettingsJsonSchema, publicSettingsJson, publicSettingsJsonSchema } from './settings-json';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';
import { waitsForSecondAdmin } from '../desk-changes/desk-change-json';

/** The brand's support contact as visitors read it: each null when the brand gives none (decision 0035). */
export const supportContactJsonSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsappUrl: z.string().nullable(),
  hours: z.string().nullable(),
});
export type SupportContactJson = z.infer<typeof supportContactJsonSchema>;

/** The brand a visitor reads: its name, logo link, colour and support contact. */
const brandJsonSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  support: supportContactJsonSchema,
});

/** The brand of the tenant a request is for: its name, logo link, colour and support contact. */
export type BrandOf = (c: Context) => Promise<z.infer<typeof brandJsonSchema>>;

export const publicConfigDeclarations = {
  config: declare({
    method: 'get',
    path: '/public',
    tag: 'public',
    access: 'public',
    summary: "The brand's effective rates, fees, per-order limits, networks and look, and its support contact (each null when the brand gives none)",
    answers: {
      200: answer(
        "What the request's brand (by its host) offers",
        publicSettingsJsonSchema.extend({ networks: z.array(z.enum(NETWORKS)), brand: brandJsonSchema }),
      ),
    },
  }),
};

/** Public configuration of the tenant the request's host belongs to: its effective rates, fees and limits. */
export function publicConfigRoutes(settings: SettingsService, brandOf: BrandOf) {
  return routes().openapi(publicConfigDeclarations.config, async (c) => {
    const [current, brand] = await Promise.all([settings.forTenant(tenantOf(c)), brandOf(c)]);
    return c.json({ ...publicSettingsJson(current.settings), networks: [...NETWORKS], brand }, 200);
  });
}

/** Judged and written while no other change of settings is (desk-changes/settings-lock.ts). */
export const SETTINGS_BUSY = 'settings_busy: another change of the settings held them for over 10 s';
/** What a change of the settings (global or a brand's) answers: the settings as saved, or 202 while it waits for a second admin. */
export function savedOrWaiting<Shape extends z.core.$ZodShape>(description: string, settings: z.ZodObject<Shape>) {
  return { 200: answer(description, settings.extend({ message: z.string() })), 202: waitsForSecondAdmin };
}
/** What a change of the settings (global or a brand's) refuses with 409. */
export const SETTINGS_CONFLICT = `${SETTINGS_BUSY}; change_stale or a version conflict: they changed meanwhile`;
const settingsTag = routeGroup({ tag: 'admin: settings', access: 'operator' });

export const adminSettingsDeclarations = {
  read: settingsTag.get('/settings', {
    summary: 'The Global Settings, and the agreed rates a rate move is measured from (agreedRates)',
    answers: { 200: answer('The settings in force, their revision and who last changed them', currentSettingsJsonSchema) },
  }),
  change: settingsTag.put('/settings', {
    summary: 'Change the Global Settings (partial); loosening a control or moving a rate past the band, for them or for any brand, waits for a second admin',
    body: settingsPatchSchema,
    answers: savedOrWaiting('Saved: the settings as they are now', currentSettingsJsonSchema),
    refuses: withCommonRefusals({ 409: SETTINGS_CONFLICT }, { body: true }),
  }),
};

/**
 * Global Settings: mounted under /api/admin behind requireUser + requireAdmin + requireOperator
 * (app.ts). A change that loosens the desk's rules waits for a second admin (202, decision 0030).
 */
export function adminSettingsRoutes(settings: SettingsService, db: Kysely<ServicesDatabase>, trustProxy: ProxyTrust, desk: DeskChangeAnswers) {
  return routes<AdminEnv>()
    .openapi(adminSettingsDeclarations.read, async (c) => c.json(await currentSettingsJson(db, await settings.current()), 200))
    .openapi(adminSettingsDeclarations.change, async (c) => {
      const outcome = await desk.changes.changeGlobalSettings(c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      // Applied here, so the cache holds it: the settings as saved.
      return c.json({ ...(await currentSettingsJson(db, await settings.current())), message: 'Settings saved successfully' }, 200);
    });
}
