import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { validate } from '../http/validate';
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
} from './order.schemas';
import { adminOrderJson } from './order-json';
import { withholdOperatorStaff } from './admin-order-staff';
import type { OrderView } from '@desk/machines/order/order-state';
import { proofLinksFor } from '../files/proof-links';
import { countAdminOrders, dailyFigures, dashboardFigures, listAdminOrders } from '@desk/projections/read-models/orders/orders.queries';
import { inAdminScope } from './order-access';
import type { ReasonCode } from '@desk/machines/order/order-reasons';
import { orderHistory } from './order-history';
import { EXPORT_PATH, EXPORT_LINK_SECONDS, ALL_BRANDS } from './order-export';
import type { OrderDeps } from './order-deps';

export const AWAITING_SECOND_ADMIN = 'Completion requested: a different admin must confirm it (the order says why)';
export const PAYOUT_APPROVED = 'Payout approved: it may be sent now, and recorded with its reference';

/** The code and the desk's note of a reject (`reason` is the note's older name). */
const rejection = ({ reasonCode, note, reason }: { reasonCode: ReasonCode; note?: string | undefined; reason?: string | undefined }) => ({
  code: reasonCode,
  note: note ?? reason ?? null,
});

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

  return new Hono<AdminEnv>()
    .get('/dashboard', validate('query', dashboardSchema), async (c) => {
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
    .get('/orders', validate('query', adminListSchema), async (c) => {
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
    .post('/orders/export-link', validate('json', exportSchema), (c) => {
      const { tenantId: brand, ...rest } = c.req.valid('json');
      const tenant = tenantFilter(c.get('scope'), brand) ?? ALL_BRANDS;
      const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v)) as Record<string, string>;
      const url = signer.sign(EXPORT_PATH, EXPORT_LINK_SECONDS, { ...filters, by: c.get('user').id, tenant });
      return c.json({ url, expiresInSeconds: EXPORT_LINK_SECONDS }, 200);
    })
    .post('/orders/bulk/reject', validate('json', bulkRejectSchema), async (c) => {
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
          results.push({ id, ok: false as const, ...refusal.body() });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return c.json({ results, succeeded, failed: results.length - succeeded, message: `${succeeded} order(s) rejected` }, 200);
    })
    .get('/orders/:id', async (c) => {
      const view = inAdminScope((await orders.load(orderId(c))).view, c.get('scope'));
      const json = adminOrderJson(view, links(c), await directory.names());
      // The page names who asked for a pending completion, so the second admin knows whom to ask, and who approved a payout.
      if (json.completionRequest) json.completionRequest.requestedBy = (await personJson(users, json.completionRequest.requestedBy._id, c.get('scope')))!;
      if (json.payoutApproval) json.payoutApproval.approvedBy = (await personJson(users, json.payoutApproval.approvedBy._id, c.get('scope')))!;
      // Whether the payout must be approved before it is sent (four-eyes.ts): the page asks for that first.
      json.payoutAwaitsApproval = await commands.payoutAwaitsApproval(view, c.get('user'));
      return c.json(json, 200);
    })
    .get('/orders/:id/history', async (c) => {
      const history = inAdminScope(await orderHistory(eventStore, users, orderId(c), c.get('scope')), c.get('scope'));
      return c.json({ orderId: c.req.param('id'), events: history.events }, 200);
    })
    .post('/orders/:id/verify', async (c) => answer(c, await commands.verify(c.get('scope'), orderId(c), metadata(c)), 'Order verified'))
    .post('/orders/:id/crypto-sent', validate('json', cryptoSentSchema), async (c) =>
      answer(
        c,
        await commands.markCryptoSent(c.get('scope'), orderId(c), c.req.valid('json').cryptoReference, c.get('user'), metadata(c)),
        'Order updated successfully!',
      ),
    )
    .post('/orders/:id/approve', validate('json', completionSchema), async (c) =>
      settled(
        c,
        await commands.complete(c.get('scope'), orderId(c), c.req.valid('json'), 'approve', c.get('user'), metadata(c)),
        'Order approved successfully',
      ),
    )
    .post('/orders/:id/complete', validate('json', completionSchema), async (c) =>
      settled(
        c,
        await commands.complete(c.get('scope'), orderId(c), c.req.valid('json'), 'complete', c.get('user'), metadata(c)),
        'Order completed successfully',
      ),
    )
    .post('/orders/:id/completion-request/confirm', validate('json', confirmCompletionSchema), async (c) =>
      confirmed(c, await commands.confirmCompletion(c.get('scope'), orderId(c), c.req.valid('json').requestId, c.get('user'), metadata(c))),
    )
    .post('/orders/:id/completion-request/decline', validate('json', declineCompletionSchema), async (c) => {
      const { requestId, note } = c.req.valid('json');
      const { view, withdrawn } = await commands.declineCompletion(c.get('scope'), orderId(c), requestId, note ?? null, metadata(c));
      return answer(c, view, withdrawn ? 'Completion request withdrawn' : 'Completion request declined');
    })
    .post('/orders/:id/reject', validate('json', rejectSchema), async (c) =>
      answer(c, await commands.reject(c.get('scope'), orderId(c), rejection(c.req.valid('json')), metadata(c)), 'Order rejected successfully'),
    );
}
