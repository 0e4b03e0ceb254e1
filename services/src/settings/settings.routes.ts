import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AuthEnv } from '../http/auth';
import { actorOf } from '../http/auth';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import { findUserById } from '../identity/users.repository';
import { NETWORKS, settingsPatchSchema, type Settings } from './settings.schema';
import type { CurrentSettings, SettingsService } from './settings.service';

/** Brand defaults of seed-spec section 1; tenants override them once tenants exist. */
export const DEFAULT_BRAND = { name: 'USDT Desk', logoUrl: null as string | null, primaryColor: '#0d6efd' };

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

export function publicConfigRoutes(settings: SettingsService, defaultTenantId: string) {
  return new Hono().get('/public', async (c) => {
    const { settings: current } = await settings.current(defaultTenantId);
    return c.json(
      {
        rates: numbers(current.rates),
        fees: numbers(current.fees),
        limits: limitsJson(current.limits),
        networks: [...NETWORKS],
        brand: DEFAULT_BRAND,
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
