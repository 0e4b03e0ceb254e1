import type { Context } from 'hono';
import { z } from 'zod';
import { readAhead, streamCutOnFailure } from '../http/cut-on-failure';
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
import { answer, declare, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
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
import { loggedEventJson, loggedEventJsonSchema } from './logged-event-json';
import { hiddenStreamsFor } from './operator-streams';
import { complianceOrderJsonSchema, orderAsOf, orderAsOfJsonSchema, orderReplayJsonSchema, replayOrder, type ReplayDeps } from './order-replay';
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

const officer = routeGroup({ tag: 'compliance', access: 'compliance' });
const NO_ORDER = "not_found: no such order in the officer's scope";
const OTHER_BRAND = "403 for another brand's `tenantId`.";
const eventPage = (description: string) =>
  answer(
    description,
    z.object({
      events: z.array(loggedEventJsonSchema),
      nextBefore: z.string().nullable().describe('The cursor of the next page (as `before`); null on the last'),
    }),
  );

export const complianceDeclarations = {
  orders: officer.get('/orders', {
    summary: 'Orders by reference, phone, UTR or crypto reference; with asOf, the order book as it stood then',
    description: OTHER_BRAND,
    query: complianceOrdersSchema,
    answers: {
      200: answer(
        'One page of orders',
        z.object({
          orders: z.array(complianceOrderJsonSchema),
          total: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
          asOf: z.iso.datetime().nullable().describe('The moment the book is read as of; null for now'),
        }),
      ),
    },
  }),
  order: officer.get('/orders/{id}', {
    summary: 'One order as it stood at asOf (default now), folded from its events',
    query: asOfSchema,
    answers: { 200: answer('The order then', orderAsOfJsonSchema) },
    refuses: { 404: `${NO_ORDER}, or none yet at asOf` },
  }),
  replay: officer.get('/orders/{id}/replay', {
    summary: "Every event of the order with its metadata, hash, the state after it and what changed, and the chain's status",
    answers: { 200: answer('The replay', orderReplayJsonSchema) },
    refuses: { 404: NO_ORDER },
  }),
  events: officer.get('/events', {
    summary: 'The whole log, newest first, searched',
    description: `A brand's officer reads their brand's events, the operator's staff unnamed. ${OTHER_BRAND}`,
    query: eventSearchSchema,
    answers: { 200: eventPage('One page of events') },
  }),
  access: officer.get('/access', {
    summary: "Compliance staff's access trail (ComplianceAccessed), newest first",
    query: accessTrailSchema,
    answers: { 200: eventPage('One page of the trail') },
  }),
  exports: officer.post('/exports', {
    summary: 'A signed audit export of orders or of a time window, on a 10-minute link',
    description:
      "By orders (reference ORD-… or id; an unknown or out-of-scope reference is a 400 naming it) or by a window (400 on `from` for an empty one or one over the export's size). " +
      OTHER_BRAND,
    body: exportSchema,
    answers: {
      201: answer(
        'The link, its expiry and the counts',
        z.object({
          url: z.string().describe('GET it without a token: /api/compliance/exports/{id}?exp=…&sig=…'),
          expiresAt: z.iso.datetime(),
          exportId: z.string(),
          eventCount: z.number().int(),
          streamCount: z.number().int(),
        }),
      ),
    },
    refuses: { 404: NO_ORDER },
  }),
  brands: officer.get('/brands', {
    summary: 'The brands the officer reads, by name, for the Brand filters',
    answers: { 200: answer("The brands (a brand's officer: theirs)", z.object({ brands: z.array(z.object({ _id: z.string(), name: z.string() })) })) },
  }),
  signingKey: officer.get('/signing-key', {
    summary: 'The ed25519 public key exports are signed with',
    answers: {
      200: answer(
        'The key',
        z.object({
          algorithm: z.literal('ed25519'),
          publicKeyPem: z.string(),
          fingerprint: z.string().describe("The key's fingerprint, to compare with the one in an export's manifest"),
        }),
      ),
    },
  }),
  download: declare({
    tag: 'compliance',
    access: 'signed-link',
    method: 'get',
    path: '/exports/{id}',
    summary: 'The export file: JSON lines of events and a signed manifest (verify with npm run audit -- verify)',
    description:
      'Whoever made the export must still be compliance staff covering what it holds; the download is recorded on their access trail. 403 `invalid_link` for an expired or altered link.',
    query: z.object({
      exp: z.string().max(20).describe('When the link expires, in seconds since the epoch (signed)'),
      sig: z.string().max(200).describe('The signature of the path and `exp`'),
    }),
    answers: { 200: { description: 'The export, as JSON lines', content: { 'application/x-ndjson': { schema: z.string() } } } },
  }),
};

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

  const d = complianceDeclarations;
  return (
    routes<ComplianceEnv>()
      .openapi(d.orders, async (c) => {
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
      .openapi(d.order, async (c) => {
        const orderId = parseOrderId(c.req.param('id'));
        const asOf = c.req.valid('query').asOf ?? new Date();
        const found = await orderAsOf(deps.replay, orderId, scopeOf(c), asOf, links(c));
        if (!found) throw new OrderNotFoundError();
        await withholdOperatorStaff(deps.users, scopeOf(c), [found.order]);
        await record(c, { view: 'order', orderId, query: asked(c) });
        return c.json(found, 200);
      })
      .openapi(d.replay, async (c) => {
        const orderId = parseOrderId(c.req.param('id'));
        const replay = await replayOrder(deps.replay, orderId, scopeOf(c), links(c));
        if (!replay) throw new OrderNotFoundError();
        await record(c, { view: 'order_replay', orderId, resultCount: replay.steps.length });
        return c.json(replay, 200);
      })
      .openapi(d.events, async (c) => {
        const { tenantId: brand, stream: streamId, limit, ...filters } = c.req.valid('query');
        const tenantId = tenantFilter(scopeOf(c), brand);
        const page = await searchEventLog(readModels, { ...filters, streamId, tenantId, hiddenStreams: hiddenStreamsFor(scopeOf(c)) }, limit);
        const events = await loggedEventJson(deps.users, page.events, scopeOf(c), { onlySeen: filters.ip !== undefined });
        await record(c, { view: 'event_search', query: asked(c), resultCount: events.length });
        return c.json({ events, nextBefore: page.nextBefore }, 200);
      })
      .openapi(d.access, async (c) => {
        const { limit, ...filters } = c.req.valid('query');
        const tenantId = tenantFilter(scopeOf(c), undefined);
        const page = await searchEventLog(readModels, { ...filters, type: COMPLIANCE_ACCESSED, tenantId }, limit);
        await record(c, { view: 'access_trail', query: asked(c), resultCount: page.events.length });
        return c.json({ events: await loggedEventJson(deps.users, page.events, scopeOf(c)), nextBefore: page.nextBefore }, 200);
      })
      .openapi(d.exports, async (c) => {
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
      .openapi(d.brands, async (c) => {
        const scope = scopeOf(c);
        const names = await directory.names();
        const brands = [...names]
          .filter(([tenantId]) => coversTenant(scope, tenantId))
          .map(([_id, name]) => ({ _id, name }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return c.json({ brands }, 200);
      })
      .openapi(d.signingKey, (c) => c.json({ algorithm: 'ed25519' as const, publicKeyPem: deps.key.publicKeyPem, fingerprint: deps.key.fingerprint }, 200))
  );
}

/**
 * GET /api/compliance/exports/{id}: opened as a plain link, so it carries a signed, 10-minute
 * signature instead of a token. Whoever made the export must still be compliance staff covering
 * what it holds; the download is recorded on their access trail.
 */
export function complianceExportDownloadRoutes(deps: ComplianceDeps) {
  return routes().openapi(complianceDeclarations.download, async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id) || !deps.signer.verify(exportPath(id), c.req.query())) throw new ExpiredLinkError();
    const record = await deps.exports.find(id);
    const made = record ? await scopeNow(deps.users, (tenantId) => deps.directory.isDeleted(tenantId), record.createdBy, complianceScopeOf) : null;
    if (!record || !made) throw new ExpiredLinkError();
    const maker = made.user;
    const metadata = commandMetadata(c, { id: maker.id, role: 'compliance', tenantId: maker.tenant_id }, deps.trustProxy);
    // As the CSV downloads (review 17, F3): the header and the first line read from the store read
    // before answering (and before the download is recorded on the trail), and a failure part-way
    // cuts the response rather than end a file that looks complete but for its signature.
    const exported = await readAhead(deps.exports.lines(record, 'compliance', made.scope), 2);
    await deps.trail.record(maker.id, { view: 'export_downloaded', exportId: id, resultCount: record.eventCount }, metadata);
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    c.header('content-disposition', `attachment; filename="audit-export-${id}.jsonl"`);
    c.header('cache-control', 'no-store');
    const lines = streamCutOnFailure(c, `audit-export-${id}.jsonl`, async (out) => {
      for await (const line of exported) {
        // A reader gone stops the export (review 18): the rest would be read for nobody.
        if (out.aborted) break;
        await out.write(line);
      }
    });
    // @hono/zod-openapi types an answer whose content type names JSON in a way it cannot type (x-ndjson) as never: the stream is a plain Response.
    return lines as never;
  });
}
