/**
 * Matching statement lines to orders (issue 28, decision 0032), mounted at /api/admin behind
 * requireAdmin: the unmatched queue and what an admin decides about a line there (it pays this
 * order; it goes back for refund), and the orders the desk treats as paid with no bank line behind
 * them. Every read and decision is scoped: a brand admin sees and decides only their brand's lines
 * and orders (404 outside it); an operator admin, every brand's.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { unmatchedLines } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { ordersAwaitingLine, ordersWithoutMoney } from '@desk/projections/read-models/payment-references/payment-references.queries';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { tenantFilter } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import { validate } from '../http/validate';
import type { ProxyTrust } from '../http/proxy-trust';
import type { BrandBankAccounts } from './brand-bank-accounts';
import type { LineDecisions } from './line-decisions';
import { accountLabel } from './account-label';
import { lineJson } from './line-json';

export interface MatchingRouteDeps {
  accounts: BrandBankAccounts;
  lines: LineDecisions;
  readModels: Kysely<ReadModelDatabase>;
  trustProxy: ProxyTrust;
}

const lineParams = z.object({
  id: z.string().uuid({ error: 'Bank account id must be a bank account id' }),
  key: z.string().regex(/^[0-9a-f]{64}$/, 'Line key must be a statement line key'),
});
export const brandQuery = z.object({
  tenantId: z.string().trim().min(1).max(100).optional(),
  direction: z.enum(['credit', 'debit']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const note = (required: boolean) =>
  z
    .string()
    .trim()
    .max(500, 'A note is at most 500 characters')
    .nullish()
    .refine((value) => !required || (value ?? '') !== '', 'Say why this money goes back (the admin who pays the refund reads it)');
export const assignBody = z.object({
  refCode: z.string().trim().min(1, 'Enter the reference of the order this money pays (ORD-…)').max(40),
  note: note(false),
});
export const refundBody = z.object({ note: note(true) });

/** A candidate order for a line, as the queue offers it. */
const candidateJson = (view: OrderView) => ({
  orderId: view.orderId,
  refCode: view.refCode,
  fiatAmount: view.fiatAmount,
  status: view.status,
  placedAt: view.placedAt,
});

/** Candidates offered per line in the queue. */
const CANDIDATES = 5;

export function matchingRoutes({ accounts, lines, readModels, trustProxy }: MatchingRouteDeps) {
  return new Hono<AdminEnv>()
    .get('/reconciliation/unmatched', validate('query', brandQuery), async (c) => {
      const { tenantId: brand, direction, limit } = c.req.valid('query');
      const scope = c.get('scope');
      const tenantId = tenantFilter(scope, brand);
      const inScope = await accounts.inScope(scope);
      const labels = new Map(inScope.map((account) => [account.id, accountLabel(account)]));
      const tenants = tenantId === null ? null : [tenantId];
      const rows = (await unmatchedLines(readModels, tenants, direction ?? null, limit)).filter((row) => labels.has(row.account_id));
      const withCandidates = await Promise.all(
        rows.map(async (row) => ({
          ...lineJson(row, scope),
          accountId: row.account_id,
          accountLabel: labels.get(row.account_id)!,
          tenantId: row.tenant_id,
          candidates: (await ordersAwaitingLine(readModels, row.tenant_id, row.direction, String(row.amount), CANDIDATES)).map(candidateJson),
        })),
      );
      return c.json({ lines: withCandidates }, 200);
    })
    .get('/reconciliation/orders-without-money', validate('query', brandQuery), async (c) => {
      const { tenantId: brand, limit } = c.req.valid('query');
      const tenantId = tenantFilter(c.get('scope'), brand);
      const orders = await ordersWithoutMoney(readModels, tenantId === null ? null : [tenantId], limit);
      return c.json(
        {
          orders: orders.map(({ view }) => ({
            orderId: view.orderId,
            refCode: view.refCode,
            tenantId: view.tenantId,
            orderType: view.orderType,
            status: view.status,
            fiatAmount: view.fiatAmount,
            reference: view.orderType === 'fiat_to_crypto' ? view.bankReference : view.bankUtr,
            missing: view.orderType === 'fiat_to_crypto' ? ('credit' as const) : ('debit' as const),
            since: view.orderType === 'fiat_to_crypto' ? (view.verifiedAt ?? view.updatedAt) : (view.completedAt ?? view.updatedAt),
          })),
        },
        200,
      );
    })
    .post('/bank-accounts/:id/lines/:key/assign', validate('param', lineParams), validate('json', assignBody), async (c) => {
      const { id, key } = c.req.valid('param');
      const { refCode, note: text } = c.req.valid('json');
      const order = await lines.assign(c.get('scope'), id, key, { refCode, note: text ?? null }, commandMetadata(c, actorOf(c), trustProxy));
      return c.json(
        { message: `Assigned to order ${order.refCode}`, order: { orderId: order.orderId, refCode: order.refCode, bankMatch: order.bankMatch ?? null } },
        200,
      );
    })
    .post('/bank-accounts/:id/lines/:key/refund', validate('param', lineParams), validate('json', refundBody), async (c) => {
      const { id, key } = c.req.valid('param');
      const refund = await lines.refund(c.get('scope'), id, key, c.req.valid('json').note ?? '', commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ message: 'Marked for refund', refund }, 200);
    });
}
