import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import type { Kysely } from 'kysely';
import type { ComplianceAccessed } from '@desk/machines/compliance/compliance.events';
import { COMPLIANCE_ACCESSED } from '@desk/machines/compliance/compliance.events';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { searchOrders } from '@desk/projections/read-models/orders/orders.queries';
import { orderBookAsOf } from '@desk/projections/read-models/order-history/order-history.queries';
import { searchEventLog } from '@desk/projections/read-models/event-log/event-log.queries';
import type { ServicesDatabase } from '../db/services-database';
import { ExpiredLinkError, type UrlSigner } from '../files/url-signer';
import { proofLinksFor } from '../files/proof-links';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { actorOf } from '../identity/auth.middleware';
import { complianceScopeOf, coversTenant, tenantFilter, type AdminScope } from '../identity/admin-scope';
import { scopeNow } from '../identity/scope-now';
import { phoneForms } from '../identity/phone-forms';
import { adminOrderJson } from '../orders/order-json';
import { withholdOperatorStaff } from '../orders/admin-order-staff';
import { OrderNotFoundError } from '../orders/order-errors';
import { parseOrderId } from '../orders/order.schemas';
import { UUID } from '../http/server-ids';
import type { TenantDirectory } from '../tenants/tenant-directory';
import type { AccessTrail } from './access-trail';
import type { AuditExports } from './audit-exports';
import { accessTrailSchema, asOfSchema, complianceOrdersSchema, eventSearchSchema, exportSchema } from './compliance.schemas';
import { loggedEventJson } from './logged-event-json';
import { hiddenStreamsFor } from './operator-streams';
import { orderAsOf, replayOrder, type ReplayDeps } from './order-replay';
import type { ComplianceEnv } from './require-compliance';
import type { SigningKey } from './signing-key';

export const EXPORT_LINK_SECONDS = 10 * 60;
const exportPath = (id: string) => `/api/compliance/exports/${id}`;

export interface ComplianceDeps {
  replay: ReplayDeps;
  readModels: Kysely<ReadModelDatabase>;
  users: Kysely<ServicesDatabase>;
  trail: AccessTrail;
  exports: AuditExports;
  key: SigningKey;
  signer: UrlSigner;
  directory: TenantDirectory;
  trustProxy: ProxyTrust;
}

/** The query as given, for the access trail: what the officer asked to see. */
const asked = (c: Context) => Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));

/**
 * Mounted at /api/compliance behind requireUser and requireCompliance: everything reads, nothing
 * acts. Each answer is recorded on the officer's access trail before it is sent.
 */
export function complianceRoutes(deps: ComplianceDeps) {
  const { readModels, trail, signer, directory } = deps;
  const record = (c: Context<ComplianceEnv>, access: ComplianceAccessed) =>
    trail.record(c.get('user').id, access, commandMetadata(c, actorOf(c), deps.trustProxy));
  const scopeOf = (c: Context<ComplianceEnv>): AdminScope => c.get('scope');
  // Proof links name the officer reading them: they stop opening once the officer may not (proof-links.ts).
  const links = (c: Context<ComplianceEnv>) => proofLinksFor(signer, { id: c.get('user').id, staff: true });

  return (
    new Hono<ComplianceEnv>()
      .get('/orders', validate('query', complianceOrdersSchema), async (c) => {
        const { search, status, tenantId: brand, asOf, page, limit } = c.req.valid('query');
        const tenantId = tenantFilter(scopeOf(c), brand);
        const searchPhones = search ? await phoneForms(deps.users, search, tenantId) : undefined;
        const { views, total } = asOf
          ? await orderBookAsOf(readModels, { asOf, tenantId, status, search, searchPhones, page, limit })
          : await searchOrders(readModels, tenantId, { search, searchPhones, status }, page, limit);
        await record(c, { view: asOf ? 'order_book' : 'order_search', query: asked(c), resultCount: views.length });
        const names = await directory.names();
        const orders = views.map((v) => adminOrderJson(v, links(c), names));
        await withholdOperatorStaff(deps.users, scopeOf(c), orders);
        return c.json({ orders, total, page, limit, asOf: asOf?.toISOString() ?? null }, 200);
      })
      .get('/orders/:id', validate('query', asOfSchema), async (c) => {
        const orderId = parseOrderId(c.req.param('id'));
        const asOf = c.req.valid('query').asOf ?? new Date();
        const found = await orderAsOf(deps.replay, orderId, scopeOf(c), asOf, links(c));
        if (!found) throw new OrderNotFoundError();
        await withholdOperatorStaff(deps.users, scopeOf(c), [found.order]);
        await record(c, { view: 'order', orderId, query: asked(c) });
        return c.json(found, 200);
      })
      .get('/orders/:id/replay', async (c) => {
        const orderId = parseOrderId(c.req.param('id'));
        const replay = await replayOrder(deps.replay, orderId, scopeOf(c), links(c));
        if (!replay) throw new OrderNotFoundError();
        await record(c, { view: 'order_replay', orderId, resultCount: replay.steps.length });
        return c.json(replay, 200);
      })
      .get('/events', validate('query', eventSearchSchema), async (c) => {
        const { tenantId: brand, stream: streamId, limit, ...filters } = c.req.valid('query');
        const tenantId = tenantFilter(scopeOf(c), brand);
        const page = await searchEventLog(readModels, { ...filters, streamId, tenantId, hiddenStreams: hiddenStreamsFor(scopeOf(c)) }, limit);
        const events = await loggedEventJson(deps.users, page.events, scopeOf(c), { onlySeen: filters.ip !== undefined });
        await record(c, { view: 'event_search', query: asked(c), resultCount: events.length });
        return c.json({ events, nextBefore: page.nextBefore }, 200);
      })
      .get('/access', validate('query', accessTrailSchema), async (c) => {
        const { limit, ...filters } = c.req.valid('query');
        const tenantId = tenantFilter(scopeOf(c), undefined);
        const page = await searchEventLog(readModels, { ...filters, type: COMPLIANCE_ACCESSED, tenantId }, limit);
        await record(c, { view: 'access_trail', query: asked(c), resultCount: page.events.length });
        return c.json({ events: await loggedEventJson(deps.users, page.events, scopeOf(c)), nextBefore: page.nextBefore }, 200);
      })
      .post('/exports', validate('json', exportSchema), async (c) => {
        const request = c.req.valid('json');
        const scope = scopeOf(c);
        if ('tenantId' in request) tenantFilter(scope, request.tenantId);
        const made = await deps.exports.create(request, scope, c.get('user').id);
        await record(c, { view: 'export_created', exportId: made.id, resultCount: made.eventCount });
        const url = signer.sign(exportPath(made.id), EXPORT_LINK_SECONDS);
        const expiresAt = new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString();
        return c.json({ url, expiresAt, exportId: made.id, eventCount: made.eventCount, streamCount: made.streamCount }, 201);
      })
      // The brands the officer reads, by name, for the screens' Brand filters (a brand's officer: theirs).
      .get('/brands', async (c) => {
        const scope = scopeOf(c);
        const names = await directory.names();
        const brands = [...names]
          .filter(([tenantId]) => coversTenant(scope, tenantId))
          .map(([_id, name]) => ({ _id, name }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return c.json({ brands }, 200);
      })
      .get('/signing-key', (c) => c.json({ algorithm: 'ed25519' as const, publicKeyPem: deps.key.publicKeyPem, fingerprint: deps.key.fingerprint }, 200))
  );
}

/**
 * GET /api/compliance/exports/{id}: opened as a plain link, so it carries a signed, 10-minute
 * signature instead of a token. Whoever made the export must still be compliance staff covering
 * what it holds; the download is recorded on their access trail.
 */
export function complianceExportDownloadRoutes(deps: ComplianceDeps) {
  return new Hono().get('/exports/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id) || !deps.signer.verify(exportPath(id), c.req.query())) throw new ExpiredLinkError();
    const record = await deps.exports.find(id);
    const made = record ? await scopeNow(deps.users, (tenantId) => deps.directory.isDeleted(tenantId), record.createdBy, complianceScopeOf) : null;
    if (!record || !made) throw new ExpiredLinkError();
    const maker = made.user;
    const metadata = commandMetadata(c, { id: maker.id, role: 'compliance', tenantId: maker.tenant_id }, deps.trustProxy);
    await deps.trail.record(maker.id, { view: 'export_downloaded', exportId: id, resultCount: record.eventCount }, metadata);
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    c.header('content-disposition', `attachment; filename="audit-export-${id}.jsonl"`);
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      for await (const line of deps.exports.lines(record, 'compliance', made.scope)) await out.write(line);
    });
  });
}
