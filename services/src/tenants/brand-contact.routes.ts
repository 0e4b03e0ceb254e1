import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { ForbiddenError } from '@desk/platform/errors/domain-error';
import { profileOf, supportContactOf } from '@desk/machines/tenants/tenant.events';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { adminScopeOf, coversTenant } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import type { ProxyTrust } from '../http/proxy-trust';
import type { TenantStore } from './tenant-store';
import { supportContactSchema } from './tenant.schemas';
import { supportAfterEdit } from './support-contact';
import { supportContactJsonSchema } from './tenant-json';

/** Scope first: another brand's admin learns nothing, not even whether their input was valid. */
const ownBrandOnly = createMiddleware<AdminEnv>(async (c, next) => {
  const scope = adminScopeOf(c.get('user'));
  if (!scope || !coversTenant(scope, c.req.param('id') ?? '')) throw new ForbiddenError();
  await next();
});

const contactJsonSchema = z.object({ tenantId: z.string(), name: z.string(), ...supportContactJsonSchema.shape });
const contact = routeGroup({ tag: 'admin: brands', access: 'admin', middleware: [ownBrandOnly as MiddlewareHandler] });
const NOT_FOUND = 'not_found: no such brand';

export const brandContactDeclarations = {
  read: contact.get('/brands/{id}/support-contact', {
    summary: "The brand's support contact; a brand admin only their own (403)",
    answers: { 200: answer('The contact, each field null when not given', contactJsonSchema) },
    refuses: { 404: NOT_FOUND },
  }),
  change: contact.put('/brands/{id}/support-contact', {
    summary:
      "Change the brand's support contact, shown on its landing page: the fields named are replaced, '' or null clears one; a brand admin only their own (403). Applies at once: it moves no money",
    body: supportContactSchema,
    answers: { 200: answer('Saved', contactJsonSchema.extend({ message: z.string() })) },
    refuses: { 404: NOT_FOUND },
  }),
};

/**
 * A brand's support contact, for the admins who run it: mounted at /api/admin (every admin). An
 * operator admin edits any brand's (also in the tenant form); a brand admin only their own, the one
 * part of the brand's profile they may change (decision 0035). A contact moves no money, so it
 * applies at once, recorded as the brand's TenantProfileChanged with who changed it.
 */
export function brandContactRoutes(tenants: TenantStore, trustProxy: ProxyTrust) {
  const answered = (tenant: Awaited<ReturnType<TenantStore['get']>>) => ({ tenantId: tenant.tenantId, name: tenant.name, ...supportContactOf(tenant) });

  return routes<AdminEnv>()
    .openapi(brandContactDeclarations.read, async (c) => c.json(answered(await tenants.get(c.req.param('id'))), 200))
    .openapi(brandContactDeclarations.change, async (c) => {
      const id = c.req.param('id');
      const current = await tenants.get(id);
      const profile = { ...profileOf(current), ...supportAfterEdit(c.req.valid('json'), current) };
      const updated = await tenants.change(id, commandMetadata(c, actorOf(c), trustProxy), { profile });
      return c.json({ ...answered(updated), message: 'Support contact saved' }, 200);
    });
}
