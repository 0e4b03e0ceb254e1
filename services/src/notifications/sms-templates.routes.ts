import { z } from 'zod';
import type { Context } from 'hono';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import type { TenantStore } from '../tenants/tenant-store';
import type { SmsTemplateStore } from './sms-template-store';
import { brandSmsTemplatesSchema, DEFAULT_TEMPLATES, NOTICE_KINDS, PLACEHOLDERS, type BrandSmsTemplates, type NoticeKind } from './sms-templates';

const messageJsonSchema = z.object({
  text: z.string().describe('What is sent, with its {{placeholders}}'),
  dltTemplateId: z.string().nullable(),
  isDefault: z.boolean().describe('True: the brand registered none, this is the default text'),
  placeholders: z.array(z.string()).describe('The placeholders this message may use'),
});

export const brandSmsTemplatesJsonSchema = z.object({
  tenantId: z.string(),
  dltEntityId: z.string().nullable(),
  senderId: z.string().nullable(),
  templates: z.object(Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, messageJsonSchema])) as Record<NoticeKind, typeof messageJsonSchema>),
});

/** What GET and PUT /api/admin/tenants/{id}/sms-templates answer (the web client's type). */
export type BrandSmsTemplatesJson = z.infer<typeof brandSmsTemplatesJsonSchema>;

const operator = routeGroup({ tag: 'brands', access: 'operator' });

export const smsTemplateDeclarations = {
  get: operator.get('/tenants/{id}/sms-templates', {
    summary: "A brand's SMS to its customers: DLT ids and templates",
    answers: { 200: answer("The brand's templates, each message's default where it registered none", brandSmsTemplatesJsonSchema) },
    refuses: { 404: 'No such brand' },
  }),
  set: operator.put('/tenants/{id}/sms-templates', {
    summary: "Set a brand's SMS templates and DLT ids",
    description:
      "The whole set: a message left out goes back to its default. A template may use only the placeholders its message offers. Recorded as SmsTemplatesChanged on `smstemplates-<id>`. The operator's only: a changed template is a phishing tool.",
    body: brandSmsTemplatesSchema,
    answers: { 200: answer('Saved', brandSmsTemplatesJsonSchema.extend({ message: z.string() })) },
    refuses: { 404: 'No such brand' },
  }),
};

function templatesJson(tenantId: string, brand: BrandSmsTemplates) {
  const entry = (kind: NoticeKind) => {
    const registered = brand.templates[kind];
    return {
      text: registered?.text ?? DEFAULT_TEMPLATES[kind],
      dltTemplateId: registered?.dltTemplateId ?? null,
      isDefault: !registered,
      placeholders: [...PLACEHOLDERS[kind]],
    };
  };
  return {
    tenantId,
    dltEntityId: brand.dltEntityId,
    senderId: brand.senderId,
    templates: Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, entry(kind)])) as Record<NoticeKind, ReturnType<typeof entry>>,
  };
}

/** A brand's SMS templates, for the operator's admins: mounted at /api/admin, behind requireOperator on /tenants/*. */
export function smsTemplateRoutes(tenants: TenantStore, store: SmsTemplateStore, trustProxy: ProxyTrust) {
  const brandOf = async (c: Context) => (await tenants.get(c.req.param('id')!)).tenantId;
  return routes<AdminEnv>()
    .openapi(smsTemplateDeclarations.get, async (c) => {
      const tenantId = await brandOf(c);
      return c.json(templatesJson(tenantId, await store.get(tenantId)), 200);
    })
    .openapi(smsTemplateDeclarations.set, async (c) => {
      const tenantId = await brandOf(c);
      const saved = await store.set(tenantId, c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ ...templatesJson(tenantId, saved), message: 'SMS templates saved' }, 200);
    });
}
