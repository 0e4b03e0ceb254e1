import { Hono, type Context } from 'hono';
import { tenantOf } from '../http/tenant';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import { settingsPatchSchema } from '@desk/machines/settings/settings.schema';
import { NETWORKS } from '@desk/machines/addresses/networks';
import type { SettingsService } from './settings.service';
import { currentSettingsJson, publicSettingsJson } from './settings-json';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';

/** The brand's support contact as visitors read it: each null when the brand gives none (decision 0035). */
export interface SupportContactJson {
  phone: string | null;
  email: string | null;
  whatsappUrl: string | null;
  hours: string | null;
}

/** The brand of the tenant a request is for: its name, logo link, colour and support contact. */
export type BrandOf = (c: Context) => Promise<{ name: string; logoUrl: string | null; primaryColor: string; support: SupportContactJson }>;

/** Public configuration of the tenant the request's host belongs to: its effective rates, fees and limits. */
export function publicConfigRoutes(settings: SettingsService, brandOf: BrandOf) {
  return new Hono().get('/public', async (c) => {
    const [current, brand] = await Promise.all([settings.forTenant(tenantOf(c)), brandOf(c)]);
    return c.json({ ...publicSettingsJson(current.settings), networks: [...NETWORKS], brand }, 200);
  });
}

/**
 * Global Settings: mounted under /api/admin behind requireUser + requireAdmin + requireOperator
 * (app.ts). A change that loosens the desk's rules waits for a second admin (202, decision 0030).
 */
export function adminSettingsRoutes(settings: SettingsService, db: Kysely<ServicesDatabase>, trustProxy: ProxyTrust, desk: DeskChangeAnswers) {
  return new Hono<AdminEnv>()
    .get('/settings', async (c) => c.json(await currentSettingsJson(db, await settings.current()), 200))
    .put('/settings', validate('json', settingsPatchSchema), async (c) => {
      const outcome = await desk.changes.changeGlobalSettings(c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      // Applied here, so the cache holds it: the settings as saved.
      return c.json({ ...(await currentSettingsJson(db, await settings.current())), message: 'Settings saved successfully' }, 200);
    });
}
