/**
 * Matching statement lines to orders (issue 28, decision 0032), mounted at /api/admin behind
 * requireAdmin: the unmatched queue and what an admin decides about a line there (it pays this
 * order; it goes back for refund), and the orders the desk treats as paid with no bank line behind
 * them. Every read and decision is scoped: a brand admin sees and decides only their brand's lines
 * and orders (404 outside it); an operator admin, every brand's.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { unmatchedLines } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { ordersAwaitingLine, ordersWithoutMoney } from '@desk/projections/read-models/payment-references/payment-references.queries';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { tenantFilter } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { KEY_REUSED } from '../http/idempotency';
import { accountIdOf } from './reconciliation.routes';
import type { ProxyTrust } from '../http/proxy-trust';
import type { BrandBankAccounts } from './brand-bank-accounts';
import type { LineDecisions } from './line-decisions';
import { LINE_NOT_HELD } from '@desk/machines/reconciliation/line-refund.decide';
import { accountLabel } from './account-label';
import { lineJson, lineJsonSchema } from './line-json';
import { orderBasics } from './payment-matcher';

export interface MatchingRouteDeps {
  accounts: BrandBankAccounts;
  lines: LineDecisions;
  readModels: Kysely<ReadModelDatabase>;
  trustProxy: ProxyTrust;
}

/** The line a path names: an account and a line key; a key of another shape names no line (404, as one not held). */
const lineOf = (c: Context) => {
  const key = c.req.param('key') ?? '';
  const id = accountIdOf(c);
  if (!/^[0-9a-f]{64}$/i.test(key)) throw new NotFoundError(LINE_NOT_HELD);
  return { id, key: key.toLowerCase() };
};
export const brandQuery = z.object({
  tenantId: z.string().trim().min(1).max(100).optional().describe("A brand's id (an operator's admin: any brand; a brand's admin: their own)"),
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
  refCode: z.string().trim().min(1, 'Enter the reference of the order this money pays (ORD-…)').max(40).describe("The order's reference (ORD-…)"),
  note: note(false).describe('Why, for whoever looks at it later; at most 500 characters'),
});
export const refundBody = z.object({
  note: note(true).describe('Required (not blank): why this money goes back, for the admin who pays the refund; at most 500 characters'),
});

const candidateJsonSchema = z.object({
  orderId: z.string(),
  refCode: z.string(),
  fiatAmount: z.string().describe('INR, a decimal string'),
  status: z.string(),
  placedAt: z.iso.datetime(),
});
const unmatchedLineJsonSchema = lineJsonSchema.extend({
  accountId: z.string(),
  accountLabel: z.string().describe('The bank and the last digits of the account number'),
  tenantId: z.string(),
  candidates: z.array(candidateJsonSchema).describe("The brand's orders of the line's amount still waiting for money (at most 5)"),
});
const orderWithoutMoneyJsonSchema = z.object({
  orderId: z.string(),
  refCode: z.string(),
  tenantId: z.string(),
  orderType: z.enum(['fiat_to_crypto', 'crypto_to_fiat']),
  status: z.string(),
  fiatAmount: z.string().describe('INR, a decimal string'),
  reference: z.string().nullable().describe("A buy: the customer's bank reference; a sell: the payout UTR"),
  missing: z.enum(['credit', 'debit']).describe('The statement line it lacks: a credit for a buy, a payout debit for a sell'),
  since: z.iso.datetime().describe('When it was verified (a buy) or completed (a sell)'),
});
/** The PaymentMatched event's data the assignment recorded on the order. */
const bankMatchJsonSchema = z.object({
  accountId: z.string(),
  accountTenantId: z.string(),
  accountLabel: z.string(),
  lineKey: z.string(),
  statementId: z.string(),
  bookedOn: z.string().describe('yyyy-mm-dd'),
  direction: z.enum(['credit', 'debit']),
  amount: z.string(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
  narration: z.string(),
  via: z.enum(['reference', 'assigned']),
  flags: z.array(z.enum(['amount_differs', 'other_brand_account', 'third_party_payer'])).describe('What a person should look at; empty for an exact match'),
  note: z.string().nullable(),
  matchedBy: z.string().nullable(),
  matchedAt: z.iso.datetime(),
});

const matching = routeGroup({ tag: 'admin: reconciliation', access: 'admin' });
const NO_LINE = "not_found: no such account or line in the admin's scope, or no such order (ORD-…) in it";

export const matchingDeclarations = {
  unmatched: matching.get('/reconciliation/unmatched', {
    summary: 'The unmatched queue: statement lines that pay no order and are not marked for refund, latest first',
    description: "Each line with its account and the brand's orders of its amount still waiting for money (`candidates`). 403 for another brand's `tenantId`.",
    query: brandQuery,
    answers: { 200: answer('The queue', z.object({ lines: z.array(unmatchedLineJsonSchema) })) },
  }),
  withoutMoney: matching.get('/reconciliation/orders-without-money', {
    summary: 'Orders the desk treats as paid with no statement line behind them',
    description: "Buys verified or further with no matched credit; sells completed with no matched payout debit. 403 for another brand's `tenantId`.",
    query: brandQuery,
    answers: { 200: answer('The orders', z.object({ orders: z.array(orderWithoutMoneyJsonSchema) })) },
  }),
  assign: matching.post('/bank-accounts/{id}/lines/{key}/assign', {
    summary: 'Assign a line to an order by its reference',
    description:
      'Recorded on the order as PaymentMatched `via: assigned`, with who and the note; flagged like any match; never verifies. 400 on `refCode` for a credit given a sell or a payout given a buy.',
    body: assignBody,
    answers: {
      200: answer(
        'Assigned',
        z.object({
          message: z.string(),
          order: z.object({ orderId: z.string(), refCode: z.string(), bankMatch: bankMatchJsonSchema.nullable() }),
        }),
      ),
    },
    refuses: {
      404: NO_LINE,
      409: 'line_already_decided, order_already_matched, order_closed (a rejected or cancelled order: its money is a refund); idempotency_in_progress',
      422: KEY_REUSED,
    },
  }),
  refund: matching.post('/bank-accounts/{id}/lines/{key}/refund', {
    summary: 'Mark a line that pays no order for refund, with why (StatementLineMarkedForRefund)',
    body: refundBody,
    answers: {
      200: answer(
        'Marked',
        z.object({
          message: z.string(),
          refund: z.object({ key: z.string(), note: z.string(), markedBy: z.string(), markedAt: z.iso.datetime() }).nullable(),
        }),
      ),
    },
    refuses: { 404: NO_LINE, 409: 'line_already_decided: the line was decided already; idempotency_in_progress', 422: KEY_REUSED },
  }),
};

/** A candidate order for a line, as the queue offers it. */
const candidateJson = (view: OrderView): z.infer<typeof candidateJsonSchema> => ({
  orderId: view.orderId,
  refCode: view.refCode,
  fiatAmount: view.fiatAmount,
  status: view.status,
  placedAt: view.placedAt,
});

/** Candidates offered per line in the queue. */
const CANDIDATES = 5;

export function matchingRoutes({ accounts, lines, readModels, trustProxy }: MatchingRouteDeps) {
  const d = matchingDeclarations;
  return routes<AdminEnv>()
    .openapi(d.unmatched, async (c) => {
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
    .openapi(d.withoutMoney, async (c) => {
      const { tenantId: brand, limit } = c.req.valid('query');
      const tenantId = tenantFilter(c.get('scope'), brand);
      const orders = await ordersWithoutMoney(readModels, tenantId === null ? null : [tenantId], limit);
      return c.json(
        {
          orders: orders.map(({ view }) => ({
            ...orderBasics(view),
            reference: view.orderType === 'fiat_to_crypto' ? view.bankReference : view.bankUtr,
            missing: view.orderType === 'fiat_to_crypto' ? ('credit' as const) : ('debit' as const),
            since: view.orderType === 'fiat_to_crypto' ? (view.verifiedAt ?? view.updatedAt) : (view.completedAt ?? view.updatedAt),
          })),
        },
        200,
      );
    })
    .openapi(d.assign, async (c) => {
      const { id, key } = lineOf(c);
      const { refCode, note: text } = c.req.valid('json');
      const order = await lines.assign(c.get('scope'), id, key, { refCode, note: text ?? null }, commandMetadata(c, actorOf(c), trustProxy));
      return c.json(
        { message: `Assigned to order ${order.refCode}`, order: { orderId: order.orderId, refCode: order.refCode, bankMatch: order.bankMatch ?? null } },
        200,
      );
    })
    .openapi(d.refund, async (c) => {
      const { id, key } = lineOf(c);
      const refund = await lines.refund(c.get('scope'), id, key, c.req.valid('json').note ?? '', commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ message: 'Marked for refund', refund }, 200);
    });
}
