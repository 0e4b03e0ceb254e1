import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { domainHolder, listLiveTenants, untilTenantProjected } from '@desk/projections/read-models/tenants/tenants.queries';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { hasNul } from '../http/refuse-nul';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { FileStorage } from '../files/file-storage';
import { withFilesForOneCommand } from '../files/files-for-one-command';
import type { UrlSigner } from '../files/url-signer';
import { profileOf, type TenantProfile, type TenantState, type TenantWallet } from '@desk/machines/tenants/tenant.events';
import { DEFAULT_PROFILE, DEFAULT_TENANT_ID, type TenantStore } from './tenant-store';
import { profileFieldsSchema, tenantJsonEditSchema, type TenantJsonEdit } from './tenant.schemas';
import { storeAddressQr, storeImage, storeImageDataUrl } from './tenant-images';
import { walletQrAfterEdit } from './wallet-qr-source';
import { tenantJson, tenantJsonSchema } from './tenant-json';
import { logoAfterEdit } from './logo-source';
import { supportAfterEdit } from './support-contact';
import type { TenantDirectory } from './tenant-directory';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';
import { DomainTakenError } from './domain-holder';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { withCommonRefusals } from '../http/common-refusals';
import { deskChangeJsonSchema, waitsForSecondAdmin } from '../desk-changes/desk-change-json';

/** A brand created with a domain: made at once, its domain waiting (decision 0030). */
export const DOMAIN_WAITS = 'Tenant created without its domain for now: the domain waits for a second admin to confirm it (see Pending changes)';

export interface TenantRouteDeps {
  tenants: TenantStore;
  directory: TenantDirectory;
  db: Kysely<ReadModelDatabase>;
  files: FileStorage;
  signer: UrlSigner;
  trustProxy: ProxyTrust;
  /** How long a change waits for the tenants read model to show it (2 s; 0 where nothing projects). */
  readModelWaitMs: number;
  /** A change that widens where customers pay waits for a second admin (decision 0030). */
  desk: DeskChangeAnswers;
}

/** 409 domain_taken when another live brand holds `domain` (`self`: the brand being changed). */
export async function refuseTakenDomain(db: Kysely<ReadModelDatabase>, domain: string | null, self: string | null): Promise<void> {
  if (!domain) return;
  const holder = await domainHolder(db, domain);
  if (holder && holder !== self) throw new DomainTakenError();
}

const brands = routeGroup({ tag: 'admin: brands', access: 'operator' });
const NOT_A_FORM = 'The request body is not a readable multipart form';
/**
 * A body that does not parse as the form it claims to be is the sender's mistake (400 on `body`),
 * said before the form's validator reads it (which would say it without the field).
 */
const readableForm = createMiddleware(async (c, next) => {
  if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    await c.req.parseBody().catch(() => {
      throw ValidationError.of('body', NOT_A_FORM);
    });
  }
  await next();
});
const NO_BRAND = 'not_found: no such brand';
const DOMAIN_TAKEN = 'domain_taken: another brand uses this domain';
const tenantAnswer = (description: string) => answer(description, z.object({ tenant: tenantJsonSchema, message: z.string() }));
/** A brand's profile as a multipart form: the text fields, and the logo as a file (PNG, JPEG or WebP). */
const tenantFormSchema = profileFieldsSchema.extend({
  // Optional as a file part: a bare z.any() here is refused when absent ("expected nonoptional").
  logo: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'The logo image (optional)' }),
});

export const tenantAdminDeclarations = {
  list: brands.get('/tenants', {
    summary: 'Every brand',
    answers: { 200: answer('The brands', z.object({ tenants: z.array(tenantJsonSchema), total: z.number().int() })) },
  }),
  create: withTenantForm(
    brands.post('/tenants', {
      middleware: [readableForm],
      summary: 'Create a brand (multipart, with an optional logo); a domain given is asked for as a change a second admin confirms (domainChange)',
      form: { fields: tenantFormSchema.omit({ logo: true }), files: ['logo'] },
      answers: {
        201: answer(
          'The new brand, without its domain until a second admin confirms it',
          z.object({
            tenant: tenantJsonSchema,
            message: z.string(),
            domainChange: deskChangeJsonSchema.nullable().describe('The domain, asked for as a change a second admin confirms; null: none given'),
          }),
        ),
      },
      refuses: withCommonRefusals({ 409: DOMAIN_TAKEN }, { post: true }),
    }),
  ),
  one: brands.get('/tenants/{id}', {
    summary: 'One brand, with its receiving accounts and wallets',
    answers: { 200: answer('The brand', tenantJsonSchema) },
    refuses: { 404: NO_BRAND },
  }),
  change: withBothBodies(
    brands.put('/tenants/{id}', {
      middleware: [readableForm],
      summary:
        'Change a brand: its profile as multipart, or JSON with whole lists of accounts and wallets (adding, changing or activating one, or setting, moving or clearing its domain, waits for a second admin)',
      body: tenantJsonEditSchema,
      answers: { 200: tenantAnswer('Changed'), 202: waitsForSecondAdmin },
      refuses: withCommonRefusals({ 404: NO_BRAND, 409: `${DOMAIN_TAKEN}; change_stale or a version conflict: it changed meanwhile` }, { body: true }),
    }),
  ),
  remove: brands.delete('/tenants/{id}', {
    summary: "Delete a brand: waits for a second admin, since it ends the brand's customers' and staff's access and releases its domain",
    answers: { 200: answer('Deleted (when no second admin is needed)', z.object({ message: z.string() })), 202: waitsForSecondAdmin },
    refuses: { 404: NO_BRAND, 409: 'default_tenant: the default brand cannot be deleted; change_exists: its deletion is already asked for' },
  }),
};

/** The multipart body as the brand's form has it (the logo an optional file part). */
function withTenantForm<R extends { request: object }>(route: R): R {
  const request = route.request as { body: { content: Record<string, { schema: unknown }> } };
  request.body.content['multipart/form-data'] = { schema: tenantFormSchema };
  return route;
}

/**
 * PUT /tenants/{id} takes its profile as multipart (with a logo) or as JSON (with the lists): both
 * bodies in the document, each validated when it is the one sent (neither is required of the other).
 */
function withBothBodies<R extends { request: object }>(route: R): R {
  const request = route.request as { body?: { required?: boolean; content: Record<string, unknown> } };
  request.body = {
    required: false,
    content: { ...request.body!.content, 'multipart/form-data': { schema: tenantFormSchema } },
  };
  return route;
}

/**
 * Tenant management: mounted at /api/admin behind requireOperator (app.ts): for the operator's
 * admins. Adding, changing or activating a bank account or wallet, a domain, and deleting a brand
 * wait for a second admin (202).
 */
export function tenantAdminRoutes(deps: TenantRouteDeps) {
  const { tenants, directory, db, files, signer, trustProxy, readModelWaitMs, desk } = deps;
  const meta = (c: Context<AdminEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  const checkDomain = (domain: string | null, self: string | null) => refuseTakenDomain(db, domain, self);

  /** Profile from multipart fields and an optional logo file, over `base`. */
  const profileFromForm = async (c: Context<AdminEnv>, base: TenantProfile, files: FileStorage): Promise<TenantProfile> => {
    // A body that does not parse as the form it claims to be is the sender's mistake (400), not the server's.
    const form = await c.req.parseBody().catch(() => {
      throw ValidationError.of('body', NOT_A_FORM);
    });
    const texts = Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const withNul = texts.find(([, v]) => hasNul(v));
    if (withNul) throw ValidationError.of(withNul[0], 'Text must not contain NUL characters');
    const fields = profileFieldsSchema.safeParse(Object.fromEntries(texts));
    if (!fields.success) throw new ValidationError(fields.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const f = fields.data;
    const next: TenantProfile = {
      name: f.name ?? base.name,
      domain: f.domain === undefined ? base.domain : f.domain || null,
      ...logoAfterEdit(f.logoUrl, base),
      primaryColor: f.primaryColor ?? base.primaryColor,
      ...supportAfterEdit(f, base),
    };
    const logo = form.logo;
    if (logo instanceof File && logo.size > 0) next.logoFileId = await storeImage(files, new Uint8Array(await logo.arrayBuffer()), 'logo');
    if (f.removeLogo === 'true') Object.assign(next, { logoFileId: null, logoUrl: null });
    return next;
  };

  /** One wallet after another: a refusal then finds every file stored before it, to remove. */
  const walletsFrom = async (edit: NonNullable<TenantJsonEdit['cryptoWallets']>, current: TenantState, files: FileStorage): Promise<TenantWallet[]> => {
    const wallets: TenantWallet[] = [];
    for (const w of edit) {
      const previous = current.cryptoWallets.find((p) => p.network === w.network && p.address === w.address);
      const qr = await walletQrAfterEdit(w, previous, {
        upload: (dataUrl) => storeImageDataUrl(files, dataUrl, 'qrCodeUrl'),
        generate: () => storeAddressQr(files, w.address),
      });
      wallets.push({ network: w.network, address: w.address, ...qr, isActive: w.isActive });
    }
    return wallets;
  };

  const d = tenantAdminDeclarations;
  return routes<AdminEnv>()
    .openapi(d.list, async (c) => {
      const states = await listLiveTenants(db);
      if (!states.some((s) => s.tenantId === DEFAULT_TENANT_ID)) states.unshift(await tenants.get(DEFAULT_TENANT_ID));
      return c.json({ tenants: states.map((s) => tenantJson(s, signer)), total: states.length }, 200);
    })
    .openapi(d.create, async (c) => {
      // A domain decides where visitors land, so it waits for a second admin (decision 0030, the
      // review's F11): the brand is made without it at once, and the domain is asked for.
      const { created, domain } = await withFilesForOneCommand(files, async (stored) => {
        const profile = await profileFromForm(c, { ...DEFAULT_PROFILE, name: '' }, stored);
        if (!profile.name) throw ValidationError.of('name', 'Name is required');
        await checkDomain(profile.domain, null);
        return { created: await tenants.create({ ...profile, domain: null }, meta(c)), domain: profile.domain };
      });
      const asked = domain ? await desk.changes.changeBrand(created.tenantId, { profile: { ...profileOf(created), domain } }, meta(c)) : null;
      await untilTenantProjected(db, created.tenantId, created.updatedAt, readModelWaitMs);
      directory.invalidate();
      const domainChange = asked?.pending ? await desk.json(asked.pending) : null;
      return c.json({ tenant: tenantJson(created, signer), message: domainChange ? DOMAIN_WAITS : 'Tenant created', domainChange }, 201);
    })
    .openapi(d.one, async (c) => c.json(tenantJson(await tenants.get(c.req.param('id')), signer), 200))
    .openapi(d.change, async (c) => {
      const id = c.req.param('id');
      const isJson = (c.req.header('content-type') ?? '').includes('application/json');
      const edit: TenantJsonEdit | null = isJson ? parseJsonEdit(await c.req.json().catch(() => null)) : null;
      const current = await tenants.get(id);
      const base = profileOf(current);
      // Files are stored before deciding (the decision sees their ids only), and removed if it refuses.
      // A change waiting for a second admin keeps them until it ends (desk-change-actions.ts).
      const outcome = await withFilesForOneCommand(files, async (stored) => {
        const profile: TenantProfile = edit
          ? {
              name: edit.name ?? base.name,
              domain: edit.domain === undefined ? base.domain : edit.domain || null,
              ...logoAfterEdit(edit.logoUrl, base),
              primaryColor: edit.primaryColor || base.primaryColor,
              ...supportAfterEdit(edit, base),
            }
          : await profileFromForm(c, base, stored);
        if (profile.domain !== base.domain) await checkDomain(profile.domain, id);
        const cryptoWallets = edit?.cryptoWallets ? await walletsFrom(edit.cryptoWallets, current, stored) : undefined;
        return desk.changes.changeBrand(id, { profile, bankAccounts: edit?.bankAccounts, cryptoWallets }, meta(c));
      });
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      const updated = outcome.applied;
      await untilTenantProjected(db, id, updated.updatedAt, readModelWaitMs);
      directory.invalidate();
      return c.json({ tenant: tenantJson(updated, signer), message: 'Tenant updated' }, 200);
    })
    .openapi(d.remove, async (c) => {
      // It shuts the brand's customers and staff out and releases its domain: a second admin confirms it (202).
      const outcome = await desk.changes.deleteBrand(c.req.param('id'), meta(c));
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      await untilTenantProjected(db, c.req.param('id'), null, readModelWaitMs);
      directory.invalidate();
      return c.json({ message: 'Tenant deleted' }, 200);
    });
}

function parseJsonEdit(body: unknown): TenantJsonEdit {
  const parsed = tenantJsonEditSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return parsed.data;
}
