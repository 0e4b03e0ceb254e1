import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { answer, declare, routes } from '../http/openapi-route';
import { withCommonRefusals } from '../http/common-refusals';
import { commandMetadata } from '../http/request-context';
import { asDomainError } from '../http/domain-refusals';
import type { ServicesDatabase } from '../db/services-database';
import { countCustomers } from '../identity/users.repository';
import { phoneForms } from '../identity/phone-forms';
import { personJson } from '../identity/person-json';
import { tenantFilter } from '../identity/admin-scope';
import type { TenantDirectory } from '../tenants/tenant-directory';
import {
  adminListSchema,
  bulkRejectSchema,
  completionSchema,
  confirmCompletionSchema,
  cryptoSentSchema,
  declineCompletionSchema,
  dashboardSchema,
  exportSchema,
  rejectSchema,
  parseOrderId,
  brandFilter,
} from './order.schemas';
import { adminOrderJson, adminOrderJsonSchema } from './order-json';
import { withholdOperatorStaff } from './admin-order-staff';
import type { OrderView } from '@desk/machines/order/order-state';
import { proofLinksFor } from '../files/proof-links';
import { countAdminOrders, dailyFigures, dashboardFigures, listAdminOrders } from '@desk/projections/read-models/orders/orders.queries';
import { inAdminScope } from './order-access';
import type { ReasonCode } from '@desk/machines/order/order-reasons';
import { historyEventJsonSchema, orderHistory } from './order-history';
import { EXPORT_PATH, EXPORT_LINK_SECONDS, ALL_BRANDS } from './order-export';
import type { OrderDeps } from './order-deps';

export const AWAITING_SECOND_ADMIN = 'Completion requested: a different admin must confirm it (the order says why)';
export const PAYOUT_APPROVED = 'Payout approved: it may be sent now, and recorded with its reference';

/** The code and the desk's note of a reject (`reason` is the note's older name). */
const rejection = ({ reasonCode, note, reason }: { reasonCode: ReasonCode; note?: string | undefined; reason?: string | undefined }) => ({
  code: reasonCode,
  note: note ?? reason ?? null,
});

/** A UUID in either case, as the server takes it (a regex's `i` flag does not reach the document). */
const UUID_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A brand's id: the server's are lower case (tenant-id.ts), unlike the ids of orders and requests. */
const BRAND_ID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The brand filter as the document tells it: empty (every brand in scope), `default`, or a brand's id. */
const brandFilterText = brandFilter
  .meta({ pattern: `^\\s*(default|${BRAND_ID_TEXT})?\\s*$` })
  .describe("One brand's orders: `default` or a brand's id; empty: every brand in scope");
const listQuery = adminListSchema.extend({
  tenantId: brandFilterText,
  phone: adminListSchema.shape.phone.describe("The customer's phone, as typed (spaces and dashes ignored; at most 16 characters left)"),
});
const confirmBody = confirmCompletionSchema.extend({
  requestId: confirmCompletionSchema.shape.requestId.meta({ pattern: `^${UUID_TEXT}$` }).describe("The pending request's id, as the order shows it"),
});
const declineBody = declineCompletionSchema.extend({ requestId: confirmBody.shape.requestId });

const orders = { tag: 'admin: orders', access: 'admin' } as const;
const NO_ORDER = "not_found: no such order (another brand's order is not found for a brand admin)";
const ONE_AT_A_TIME = 'completion_request_pending: a completion request waits for a second admin';
const orderAnswer = (description: string) => answer(description, z.object({ order: adminOrderJsonSchema, message: z.string() }));

/** Approve and Complete: one rule (to completed, or above the four-eyes threshold a request for a second admin); only their names differ. */
const settling = <P extends string>(path: P, verb: 'Approve' | 'Complete', done: 'Approved' | 'Completed') =>
  declare({
    ...orders,
    method: 'post',
    path,
    summary: `${verb}: to completed, or (four eyes) 202 asking a second admin to approve the payout`,
    description:
      'Above the four-eyes threshold, or for another reason a second admin must see it, nothing settles: 202 with the order and its completionRequest. Send no reference while the payout waits (409 `payout_needs_approval` until approved); 409 `completion_request_pending` while a request waits (one at a time: withdraw it to ask again).',
    body: completionSchema,
    answers: { 200: orderAnswer(done), 202: awaitingSecondAdmin() },
    refuses: withCommonRefusals(
      { 404: NO_ORDER, 409: `invalid_transition, payout_needs_approval, ${ONE_AT_A_TIME}, or payout_mismatch (the chain disputes the payout)` },
      { post: true },
    ),
  });

export const adminOrderDeclarations = {
  dashboard: declare({
    ...orders,
    method: 'get',
    path: '/dashboard',
    summary: 'Totals, recent orders and daily figures',
    query: dashboardSchema.extend({ tenantId: brandFilterText }),
    answers: {
      200: answer(
        "The admin's scope's figures, or one brand's",
        z.object({
          stats: z.object({
            totalOrders: z.number().int(),
            pendingOrders: z.number().int(),
            completedOrders: z.number().int(),
            todayOrders: z.number().int().describe("Placed today (India's day)"),
            totalVolume: z.string().describe('INR of the completed orders, a decimal string'),
            totalUsers: z.number().int().describe('Customers'),
          }),
          recentOrders: z.array(adminOrderJsonSchema).describe('The 10 latest'),
          daily: z
            .array(
              z.object({
                date: z.iso.date().describe("India's day"),
                orders: z.number().int(),
                volume: z.string().describe('INR completed, a decimal string'),
              }),
            )
            .describe('The last 30 days, oldest first'),
        }),
      ),
    },
  }),
  list: declare({
    ...orders,
    method: 'get',
    path: '/orders',
    summary: 'Orders, filtered and paged (newest first)',
    query: listQuery,
    answers: {
      200: answer(
        'One page of orders',
        z.object({ items: z.array(adminOrderJsonSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
      ),
    },
  }),
  exportLink: declare({
    ...orders,
    method: 'post',
    path: '/orders/export-link',
    summary: 'A signed 5-minute link to the CSV export (GET /admin/orders.csv)',
    body: exportSchema.extend({ tenantId: brandFilterText }),
    answers: { 200: answer('The link', z.object({ url: z.string().describe('Relative to this origin'), expiresInSeconds: z.number().int() })) },
    refuses: withCommonRefusals({}, { post: true }),
  }),
  bulkReject: declare({
    ...orders,
    method: 'post',
    path: '/orders/bulk/reject',
    summary: 'Reject up to 200 orders, each on its own (the answer says which were and why not)',
    body: bulkRejectSchema,
    answers: {
      200: answer(
        'Each order rejected or refused',
        z.object({
          results: z.array(
            z.union([
              z.object({ id: z.string(), ok: z.literal(true), status: z.string().describe('Its status now') }),
              z
                .looseObject({ id: z.string(), ok: z.literal(false), error: z.string(), code: z.string() })
                .describe('Refused: the refusal, as a single reject would give it'),
            ]),
          ),
          succeeded: z.number().int(),
          failed: z.number().int(),
          message: z.string(),
        }),
      ),
    },
    refuses: withCommonRefusals({}, { post: true }),
  }),
  one: declare({
    ...orders,
    method: 'get',
    path: '/orders/{id}',
    summary: 'One order, naming who asked for a pending completion and who approved a payout',
    answers: { 200: answer('The order', adminOrderJsonSchema) },
    refuses: { 404: NO_ORDER },
  }),
  history: declare({
    ...orders,
    method: 'get',
    path: '/orders/{id}/history',
    summary: "The order's events: who, when, from where",
    answers: { 200: answer('Every event, oldest first', z.object({ orderId: z.string(), events: z.array(historyEventJsonSchema) })) },
    refuses: { 404: NO_ORDER },
  }),
  verify: declare({
    ...orders,
    method: 'post',
    path: '/orders/{id}/verify',
    summary: 'Payment seen: pending to fiat_received (buy) or approved (sell)',
    answers: { 200: orderAnswer('Verified') },
    refuses: withCommonRefusals(
      { 404: NO_ORDER, 409: `invalid_transition: not in a state that allows it (currentStatus says which); ${ONE_AT_A_TIME}` },
      { post: true },
    ),
  }),
  cryptoSent: declare({
    ...orders,
    method: 'post',
    path: '/orders/{id}/crypto-sent',
    summary: 'USDT sent: fiat_received to crypto_sent',
    description:
      '409 `payout_needs_approval` when four eyes holds the payout and no second admin approved it; `late_payment_needs_rate` on an order paid late with no payout approved since (complete it with a rate); `completion_request_pending` while a completion request waits; `payout_mismatch` when the chain shows the transaction is not this payout.',
    body: cryptoSentSchema,
    answers: { 200: orderAnswer('Recorded') },
    refuses: withCommonRefusals(
      { 404: NO_ORDER, 409: 'invalid_transition, payout_needs_approval, late_payment_needs_rate, completion_request_pending or payout_mismatch (see above)' },
      { post: true },
    ),
  }),
  approve: settling('/orders/{id}/approve', 'Approve', 'Approved'),
  complete: settling('/orders/{id}/complete', 'Complete', 'Completed'),
  confirm: declare({
    ...orders,
    method: 'post',
    path: '/orders/{id}/completion-request/confirm',
    summary: "Four eyes: a different admin approves the payout on the pending request's terms, or completes a request that named its payout",
    description: "403 `four_eyes` for the requester (from any account of their phone), the order's customer, or the admin who made the customer's account.",
    body: confirmBody,
    answers: { 200: orderAnswer("Completed ('Order completed successfully') or the payout approved") },
    refuses: withCommonRefusals(
      {
        404: NO_ORDER,
        409: 'no_completion_request or completion_request_changed: the request named is not the one waiting; payout_mismatch: the chain disputes the payout',
      },
      { post: true },
    ),
  }),
  decline: declare({
    ...orders,
    method: 'post',
    path: '/orders/{id}/completion-request/decline',
    summary: 'Four eyes: turn the pending request down, or withdraw your own; the order stays as it was',
    body: declineBody,
    answers: { 200: orderAnswer("'Completion request declined' or 'Completion request withdrawn'") },
    refuses: withCommonRefusals(
      { 404: NO_ORDER, 409: 'no_completion_request or completion_request_changed: the request named is not the one waiting' },
      { post: true },
    ),
  }),
  reject: declare({
    ...orders,
    method: 'post',
    path: '/orders/{id}/reject',
    summary: 'Reject, with a reason code and a note (other fields are ignored)',
    body: rejectSchema,
    answers: { 200: orderAnswer('Rejected') },
    refuses: withCommonRefusals(
      {
        404: NO_ORDER,
        409: `invalid_transition: not in a state that allows it; ${ONE_AT_A_TIME}: the requester withdraws it, or another admin declines it, first`,
      },
      { post: true },
    ),
  }),
};

/** The 202 of a completion that waits for a second admin: the order with its completionRequest. */
function awaitingSecondAdmin() {
  return answer(
    'Waiting for a second admin: nothing settled yet; the order carries the completionRequest',
    z.object({ order: adminOrderJsonSchema, message: z.string(), pendingConfirmation: z.literal(true) }),
  );
}

/**
 * Mounted at /api/admin behind requireUser, requireAdmin and idempotency. Operator admins see and
 * act on every brand's orders, brand admins on their brand's; an order outside the admin's scope is
 * not found (order-access.ts).
 */
export function adminOrderRoutes(deps: OrderDeps, users: Kysely<ServicesDatabase>, directory: TenantDirectory) {
  const { db, orders, commands, signer, trustProxy, eventStore } = deps;
  const metadata = (c: Context<AdminEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  // Proof links name the admin reading them: they stop opening once the admin may not (proof-links.ts).
  const links = (c: Context<AdminEnv>) => proofLinksFor(signer, { id: c.get('user').id, staff: true });
  const orderId = (c: Context<AdminEnv>) => parseOrderId(c.req.param('id') ?? '');
  /** Orders as the admin may read them (the operator's staff unnamed to a brand's admin: admin-order-staff.ts). */
  const ordersFor = async (c: Context<AdminEnv>, views: readonly OrderView[], names?: ReadonlyMap<string, string>) => {
    const brandNames = names ?? (await directory.names());
    const json = views.map((view) => adminOrderJson(view, links(c), brandNames));
    await withholdOperatorStaff(users, c.get('scope'), json);
    return json;
  };
  const answer = async (c: Context<AdminEnv>, view: OrderView, message: string) => c.json({ order: (await ordersFor(c, [view]))[0]!, message }, 200);
  // Above the four-eyes threshold, Complete and Approve record a request: 202, nothing settled yet.
  const settled = async (c: Context<AdminEnv>, view: OrderView, message: string) =>
    view.completionRequest
      ? c.json({ order: (await ordersFor(c, [view]))[0]!, message: AWAITING_SECOND_ADMIN, pendingConfirmation: true }, 202)
      : answer(c, view, message);

  // A confirmation completes the order, or (before any payout) approves the payout: it says which.
  const confirmed = (c: Context<AdminEnv>, view: OrderView) => answer(c, view, view.status === 'completed' ? 'Order completed successfully' : PAYOUT_APPROVED);

  const d = adminOrderDeclarations;
  return routes<AdminEnv>()
    .openapi(d.dashboard, async (c) => {
      const tenantId = tenantFilter(c.get('scope'), c.req.valid('query').tenantId);
      const [figures, totalUsers, recent, daily, names] = await Promise.all([
        dashboardFigures(db, tenantId),
        countCustomers(users, tenantId),
        listAdminOrders(db, tenantId, {}, 1, 10),
        dailyFigures(db, tenantId),
        directory.names(),
      ]);
      return c.json({ stats: { ...figures, totalUsers }, recentOrders: await ordersFor(c, recent, names), daily }, 200);
    })
    .openapi(d.list, async (c) => {
      const { page, pageSize, tenantId: brand, phone, ...rest } = c.req.valid('query');
      const tenantId = tenantFilter(c.get('scope'), brand);
      const filters = { ...rest, phones: phone ? await phoneForms(users, phone, tenantId) : undefined };
      const [items, total, names] = await Promise.all([
        listAdminOrders(db, tenantId, filters, page, pageSize),
        countAdminOrders(db, tenantId, filters),
        directory.names(),
      ]);
      return c.json({ items: await ordersFor(c, items, names), page, pageSize, total }, 200);
    })
    .openapi(d.exportLink, (c) => {
      const { tenantId: brand, ...rest } = c.req.valid('json');
      const tenant = tenantFilter(c.get('scope'), brand) ?? ALL_BRANDS;
      const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v)) as Record<string, string>;
      const url = signer.sign(EXPORT_PATH, EXPORT_LINK_SECONDS, { ...filters, by: c.get('user').id, tenant });
      return c.json({ url, expiresInSeconds: EXPORT_LINK_SECONDS }, 200);
    })
    .openapi(d.bulkReject, async (c) => {
      const { ids, reasonCode, note, reason } = c.req.valid('json');
      const why = rejection({ reasonCode, note, reason });
      const scope = c.get('scope');
      const results = [];
      // One by one: each order succeeds or fails on its own, and the answer says which.
      for (const id of [...new Set(ids)]) {
        try {
          const view = await commands.reject(scope, parseOrderId(id), why, metadata(c));
          results.push({ id, ok: true as const, status: view.status });
        } catch (error) {
          const refusal = asDomainError(error);
          if (!refusal) throw error;
          // Every refusal's body is the one error shape (error, code, and its own fields).
          results.push({ id, ok: false as const, ...(refusal.body() as { error: string; code: string }) });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return c.json({ results, succeeded, failed: results.length - succeeded, message: `${succeeded} order(s) rejected` }, 200);
    })
    .openapi(d.one, async (c) => {
      const view = inAdminScope((await orders.load(orderId(c))).view, c.get('scope'));
      const json = adminOrderJson(view, links(c), await directory.names());
      // The page names who asked for a pending completion, so the second admin knows whom to ask, and who approved a payout.
      if (json.completionRequest) json.completionRequest.requestedBy = (await personJson(users, json.completionRequest.requestedBy._id, c.get('scope')))!;
      if (json.payoutApproval) json.payoutApproval.approvedBy = (await personJson(users, json.payoutApproval.approvedBy._id, c.get('scope')))!;
      // Whether the payout must be approved before it is sent (four-eyes.ts): the page asks for that first.
      json.payoutAwaitsApproval = await commands.payoutAwaitsApproval(view, c.get('user'));
      return c.json(json, 200);
    })
    .openapi(d.history, async (c) => {
      const history = inAdminScope(await orderHistory(eventStore, users, orderId(c), c.get('scope')), c.get('scope'));
      return c.json({ orderId: c.req.param('id'), events: history.events }, 200);
    })
    .openapi(d.verify, async (c) => answer(c, await commands.verify(c.get('scope'), orderId(c), metadata(c)), 'Order verified'))
    .openapi(d.cryptoSent, async (c) =>
      answer(
        c,
        await commands.markCryptoSent(c.get('scope'), orderId(c), c.req.valid('json').cryptoReference, c.get('user'), metadata(c)),
        'Order updated successfully!',
      ),
    )
    .openapi(d.approve, async (c) =>
      settled(
        c,
        await commands.complete(c.get('scope'), orderId(c), c.req.valid('json'), 'approve', c.get('user'), metadata(c)),
        'Order approved successfully',
      ),
    )
    .openapi(d.complete, async (c) =>
      settled(
        c,
        await commands.complete(c.get('scope'), orderId(c), c.req.valid('json'), 'complete', c.get('user'), metadata(c)),
        'Order completed successfully',
      ),
    )
    .openapi(d.confirm, async (c) =>
      confirmed(c, await commands.confirmCompletion(c.get('scope'), orderId(c), c.req.valid('json').requestId, c.get('user'), metadata(c))),
    )
    .openapi(d.decline, async (c) => {
      const { requestId, note } = c.req.valid('json');
      const { view, withdrawn } = await commands.declineCompletion(c.get('scope'), orderId(c), requestId, note ?? null, metadata(c));
      return answer(c, view, withdrawn ? 'Completion request withdrawn' : 'Completion request declined');
    })
    .openapi(d.reject, async (c) =>
      answer(c, await commands.reject(c.get('scope'), orderId(c), rejection(c.req.valid('json')), metadata(c)), 'Order rejected successfully'),
    );
}
