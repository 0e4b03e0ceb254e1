import { z } from 'zod';
import type { RouteDoc } from './route-doc';
import { linesQuerySchema } from '../../reconciliation/reconciliation.routes';
import { assignBody, brandQuery, refundBody } from '../../reconciliation/matching.routes';

const statementForm = {
  fields: z.object({
    mapping: z
      .string()
      .optional()
      .describe(
        'For a CSV or XLSX: the column mapping as JSON (see GET /admin/statement-layouts); when left out, the one saved for the account, else the first layout that reads the file',
      ),
  }),
  files: ['file'],
};

/** Bank statements read into the brands' bank accounts (issue 28, docs/reconciliation.md). */
export const reconciliationRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/bank-accounts',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary: "The brands' bank accounts in the admin's scope, each with the id its statements are imported under",
  },
  {
    method: 'get',
    path: '/admin/statement-layouts',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary: 'The column layouts a CSV or XLSX statement may be read with (a starting point for a mapping)',
  },
  {
    method: 'get',
    path: '/admin/bank-accounts/:id/statements',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary: "The statements imported for an account, newest first (404 outside the admin's scope)",
  },
  {
    method: 'get',
    path: '/admin/bank-accounts/:id/lines',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary: "The account's statement lines, latest day first, each with what its narration says (channel, UTR or RRN, the other party, a reversal)",
    query: linesQuerySchema,
  },
  {
    method: 'post',
    path: '/admin/bank-accounts/:id/statements',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary:
      "Import a statement (camt.053, MT940, CSV or XLSX, at most 5 MB): records the lines the account does not hold yet; 400 on `file` naming the line that cannot be read, on `mapping` for a CSV or XLSX no layout reads, on `accountId` for another account's statement",
    form: statementForm,
    success: { status: 201, description: '`{ statement, message }`: the import, with how many lines were new' },
  },
  {
    method: 'get',
    path: '/admin/reconciliation/unmatched',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary:
      "The unmatched queue: statement lines of the brands in scope that pay no order and are not marked for refund, latest first, each with its account and the brand's orders of its amount still waiting for money (`candidates`)",
    query: brandQuery,
  },
  {
    method: 'get',
    path: '/admin/reconciliation/orders-without-money',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary:
      'Orders the desk treats as paid with no statement line behind them: buys verified or further with no matched credit, sells completed with no matched payout debit',
    query: brandQuery,
  },
  {
    method: 'post',
    path: '/admin/bank-accounts/:id/lines/:key/assign',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary:
      "Assign a line to an order by its reference (recorded on the order as PaymentMatched `via: assigned`, with who and the note; flagged like any match; never verifies). 404 outside the admin's scope; 409 `line_already_decided` or `order_already_matched`; 400 for a credit given a sell or a payout given a buy",
    body: assignBody,
  },
  {
    method: 'post',
    path: '/admin/bank-accounts/:id/lines/:key/refund',
    tag: 'admin: reconciliation',
    access: 'admin',
    summary: 'Mark a credit that pays no order for refund, with why (StatementLineMarkedForRefund). 409 `line_already_decided` for a line already decided',
    body: refundBody,
  },
];
