import { Hono, type Context } from 'hono';
import { tenantOf } from '../http/tenant';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AuthEnv } from '../http/auth';
import { actorOf } from '../http/auth';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import { findUserById } from '../identity/users.repository';
import { NETWORKS, settingsPatchSchema, type Settings } from './settings.schema';
import type { CurrentSettings, SettingsService } from './settings.service';


/** Rates and fees go out as numbers (the clients compare them with 0); they are stored as decimal strings. */
function numbers<T extends Record<string, string>>(values: T): { [K in keyof T]: number } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])) as { [K in keyof T]: number };
}

function limitsJson(limits: Settings['limits']) {
  return {
    buyInr: { min: Number(limits.buyInr.min), max: Number(limits.buyInr.max) },
    sellUsdt: { min: Number(limits.sellUsdt.min), max: Number(limits.sellUsdt.max) },
  };
}

/** The brand of the tenant a request is for: its name, logo link and colour. */
export type BrandOf = (c: Context) => Promise<{ name: string; logoUrl: string | null; primaryColor: string }>;

/** Public configuration of the tenant the request's host belongs to. */
export function publicConfigRoutes(settings: SettingsService, brandOf: BrandOf) {
  return new Hono().get('/public', async (c) => {
    const [{ settings: current }, brand] = await Promise.all([settings.current(tenantOf(c)), brandOf(c)]);
    return c.json(
      {
        rates: numbers(current.rates),
        fees: numbers(current.fees),
        limits: limitsJson(current.limits),
        networks: [...NETWORKS],
        brand,
      },
      200,
    );
  });
}

/** Mounted under /api/admin behind requireUser + requireAdmin. */
export function adminSettingsRoutes(settings: SettingsService, db: Kysely<ServicesDatabase>, trustProxy: boolean) {
  const describe = async (current: CurrentSettings) => {
    const by = current.changedBy ? await findUserById(db, current.changedBy) : undefined;
    return {
      rates: numbers(current.settings.rates),
      fees: numbers(current.settings.fees),
      limits: limitsJson(current.settings.limits),
      revision: current.revision,
      updatedAt: current.changedAt,
      updatedBy: current.changedBy ? { _id: current.changedBy, phone: by?.phone ?? null, username: by?.username ?? null } : null,
    };
  };
  return new Hono<AuthEnv>()
    .get('/settings', async (c) => c.json(await describe(await settings.current(c.get('user').tenant_id)), 200))
    .put('/settings', validate('json', settingsPatchSchema), async (c) => {
      const actor = actorOf(c);
      const updated = await settings.update(actor.tenantId, c.req.valid('json'), commandMetadata(c, actor, trustProxy));
      return c.json({ ...(await describe(updated)), message: 'Settings saved successfully' }, 200);
    });
}
