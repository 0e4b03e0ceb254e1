import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api';

const accounts = api.admin['bank-accounts'];
const matching = api.admin.reconciliation;

/**
 * The reconciliation screens' reads, typed from the server's routes (Hono RPC): the brands' bank
 * accounts in the admin's scope, the statement layouts, an account's imports and its lines, the
 * unmatched queue and what an admin decides there, the orders with no bank line behind them.
 * The upload goes through XMLHttpRequest for its progress (statement-upload.ts).
 */
export const reconciliationApi = {
  accounts: () => unwrap(accounts.$get()).then((r) => r.bankAccounts),
  layouts: () => unwrap(api.admin['statement-layouts'].$get()).then((r) => r.layouts),
  statements: (id: string) => unwrap(accounts[':id'].statements.$get({ param: { id } })).then((r) => r.statements),
  lines: (id: string, query: LinesQuery) => unwrap(accounts[':id'].lines.$get({ param: { id }, query })),
  unmatched: (query: BrandQuery) => unwrap(matching.unmatched.$get({ query })).then((r) => r.lines),
  ordersWithoutMoney: (query: BrandQuery) => unwrap(matching['orders-without-money'].$get({ query })).then((r) => r.orders),
  assign: ({ accountId, key, ...json }: { accountId: string; key: string } & AssignBody) =>
    unwrap(accounts[':id'].lines[':key'].assign.$post({ param: { id: accountId, key }, json })),
  refund: ({ accountId, key, ...json }: { accountId: string; key: string } & RefundBody) =>
    unwrap(accounts[':id'].lines[':key'].refund.$post({ param: { id: accountId, key }, json })),
};

export type LinesQuery = InferRequestType<(typeof accounts)[':id']['lines']['$get']>['query'];
export type BrandQuery = InferRequestType<typeof matching.unmatched.$get>['query'];
type AssignBody = InferRequestType<(typeof accounts)[':id']['lines'][':key']['assign']['$post']>['json'];
type RefundBody = InferRequestType<(typeof accounts)[':id']['lines'][':key']['refund']['$post']>['json'];
export type BankAccount = Awaited<ReturnType<typeof reconciliationApi.accounts>>[number];
export type StatementLayout = Awaited<ReturnType<typeof reconciliationApi.layouts>>[number];
export type StatementImport = Awaited<ReturnType<typeof reconciliationApi.statements>>[number];
export type LinesPage = Awaited<ReturnType<typeof reconciliationApi.lines>>;
export type StatementLine = LinesPage['lines'][number];
export type UnmatchedLine = Awaited<ReturnType<typeof reconciliationApi.unmatched>>[number];
export type CandidateOrder = UnmatchedLine['candidates'][number];
export type OrderWithoutMoney = Awaited<ReturnType<typeof reconciliationApi.ordersWithoutMoney>>[number];
/** What an accepted upload answers (201): the import, with how many of its lines were new. */
export type ImportAnswer = InferResponseType<(typeof accounts)[':id']['statements']['$post'], 201>;

/** Everything under 'admin' is refreshed after a command; these are the reconciliation screens' own. */
export const reconciliationKeys = {
  all: ['admin', 'reconciliation'] as const,
  accounts: ['admin', 'reconciliation', 'accounts'] as const,
  layouts: ['admin', 'reconciliation', 'layouts'] as const,
  statements: (id: string) => ['admin', 'reconciliation', 'account', id, 'statements'] as const,
  lines: (id: string, query: LinesQuery) => ['admin', 'reconciliation', 'account', id, 'lines', query] as const,
  account: (id: string) => ['admin', 'reconciliation', 'account', id] as const,
  unmatched: (query: BrandQuery) => ['admin', 'reconciliation', 'unmatched', query] as const,
  ordersWithoutMoney: (query: BrandQuery) => ['admin', 'reconciliation', 'orders-without-money', query] as const,
};
