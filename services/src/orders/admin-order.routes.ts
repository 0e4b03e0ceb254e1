import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthEnv } from '../http/auth';
import { actorOf } from '../http/auth';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import { DomainError } from '../shared/domain-error';
import type { ServicesDatabase } from '../db/services-database';
import { countUsers } from '../identity/users.repository';
import { adminListSchema, bulkRejectSchema, completionSchema, cryptoSentSchema, exportSchema, rejectSchema, parseOrderId } from './order.schemas';
import { orderJson } from './order-json';
import { countAdminOrders, dailyFigures, dashboardFigures, listAdminOrders } from './order-queries';
import { OrderNotFoundError } from './order-errors';
import { orderHistory } from './order-history';
import { EXPORT_PATH, EXPORT_LINK_SECONDS } from './order-export';
import type { OrderDeps } from './order-deps';

/** Mounted at /api/admin behind requireUser, requireAdmin and idempotency. */
export function adminOrderRoutes(deps: OrderDeps, users: Kysely<ServicesDatabase>) {
  const { db, orders, commands, signer, trustProxy, eventStore } = deps;
  return new Hono<AuthEnv>()
    .get('/dashboard', async (c) => {
      const tenantId = c.get('user').tenant_id;
      const [figures, totalUsers, recent, daily] = await Promise.all([
        dashboardFigures(db, tenantId),
        countUsers(users),
        listAdminOrders(db, tenantId, {}, 1, 10),
        dailyFigures(db, tenantId),
      ]);
      return c.json({ stats: { ...figures, totalUsers }, recentOrders: recent.map((v) => orderJson(v, signer)), daily }, 200);
    })
    .get('/orders', validate('query', adminListSchema), async (c) => {
      const { page, pageSize, ...filters } = c.req.valid('query');
      const tenantId = c.get('user').tenant_id;
      const [items, total] = await Promise.all([
        listAdminOrders(db, tenantId, filters, page, pageSize),
        countAdminOrders(db, tenantId, filters),
      ]);
      return c.json({ items: items.map((v) => orderJson(v, signer)), page, pageSize, total }, 200);
    })
    .post('/orders/export-link', validate('json', exportSchema), (c) => {
      const filters = Object.fromEntries(Object.entries(c.req.valid('json')).filter(([, v]) => v)) as Record<string, string>;
      const url = signer.sign(EXPORT_PATH, EXPORT_LINK_SECONDS, { ...filters, by: c.get('user').id, tenant: c.get('user').tenant_id });
      return c.json({ url, expiresInSeconds: EXPORT_LINK_SECONDS }, 200);
    })
    .post('/orders/bulk/reject', validate('json', bulkRejectSchema), async (c) => {
      const { ids, reason } = c.req.valid('json');
      const metadata = commandMetadata(c, actorOf(c), trustProxy);
      const results = [];
      // One by one: each order succeeds or fails on its own, and the answer says which.
      for (const id of [...new Set(ids)]) {
        try {
          const view = await commands.reject(parseOrderId(id), reason ?? null, metadata);
          results.push({ id, ok: true as const, status: view.status });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results.push({ id, ok: false as const, ...error.body() });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return c.json({ results, succeeded, failed: results.length - succeeded, message: `${succeeded} order(s) rejected` }, 200);
    })
    .get('/orders/:id', async (c) => {
      const { view } = await orders.load(parseOrderId(c.req.param('id')));
      if (!view) throw new OrderNotFoundError();
      return c.json(orderJson(view, signer), 200);
    })
    .get('/orders/:id/history', async (c) => {
      const history = await orderHistory(eventStore, users, parseOrderId(c.req.param('id')));
      if (history.length === 0) throw new OrderNotFoundError();
      return c.json({ orderId: c.req.param('id'), events: history }, 200);
    })
    .post('/orders/:id/verify', async (c) => {
      const view = await commands.verify(parseOrderId(c.req.param('id')), commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, signer), message: 'Order verified' }, 200);
    })
    .post('/orders/:id/crypto-sent', validate('json', cryptoSentSchema), async (c) => {
      const view = await commands.markCryptoSent(parseOrderId(c.req.param('id')), c.req.valid('json').cryptoReference, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, signer), message: 'Order updated successfully!' }, 200);
    })
    .post('/orders/:id/approve', validate('json', completionSchema), async (c) => {
      const view = await commands.complete(parseOrderId(c.req.param('id')), c.req.valid('json'), 'approve', commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, signer), message: 'Order approved successfully' }, 200);
    })
    .post('/orders/:id/complete', validate('json', completionSchema), async (c) => {
      const view = await commands.complete(parseOrderId(c.req.param('id')), c.req.valid('json'), 'complete', commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, signer), message: 'Order completed successfully' }, 200);
    })
    .post('/orders/:id/reject', validate('json', rejectSchema), async (c) => {
      const view = await commands.reject(parseOrderId(c.req.param('id')), c.req.valid('json').reason ?? null, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, signer), message: 'Order rejected successfully' }, 200);
    });
}
