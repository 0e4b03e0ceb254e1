import { Hono } from 'hono';
import { ForbiddenError } from '@desk/platform/errors/domain-error';
import { profileOf, supportContactOf } from '@desk/machines/tenants/tenant.events';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { adminScopeOf, coversTenant } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import { validate } from '../http/validate';
import type { ProxyTrust } from '../http/proxy-trust';
import type { TenantStore } from './tenant-store';
import { supportContactSchema } from './tenant.schemas';
import { supportAfterEdit } from './support-contact';

/**
 * A brand's support contact, for the admins who run it: mounted at /api/admin (every admin). An
 * operator admin edits any brand's (also in the tenant form); a brand admin only their own, the one
 * part of the brand's profile they may change (decision 0035). A contact moves no money, so it
 * applies at once, recorded as the brand's TenantProfileChanged with who changed it.
 */
export function brandContactRoutes(tenants: TenantStore, trustProxy: ProxyTrust) {
  const answer = (tenant: Awaited<ReturnType<TenantStore['get']>>) => ({ tenantId: tenant.tenantId, name: tenant.name, ...supportContactOf(tenant) });

  return (
    new Hono<AdminEnv>()
      // Scope first: another brand's admin learns nothing, not even whether their input was valid.
      .use('/brands/:id/support-contact', async (c, next) => {
        const scope = adminScopeOf(c.get('user'));
        if (!scope || !coversTenant(scope, c.req.param('id'))) throw new ForbiddenError();
        await next();
      })
      .get('/brands/:id/support-contact', async (c) => c.json(answer(await tenants.get(c.req.param('id'))), 200))
      .put('/brands/:id/support-contact', validate('json', supportContactSchema), async (c) => {
        const id = c.req.param('id');
        const current = await tenants.get(id);
        const profile = { ...profileOf(current), ...supportAfterEdit(c.req.valid('json'), current) };
        const updated = await tenants.change(id, commandMetadata(c, actorOf(c), trustProxy), { profile });
        return c.json({ ...answer(updated), message: 'Support contact saved' }, 200);
      })
  );
}
