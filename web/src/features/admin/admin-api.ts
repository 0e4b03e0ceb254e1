import type { RejectReason } from './orders/reject-reason-fields';
import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../lib/api';

const orders = api.admin.orders;

/**
 * The admin calls of the dashboard and order screens, typed from the server's routes (Hono RPC):
 * a field the server renames breaks the build here instead of a screen.
 */
export const adminApi = {
  dashboard: (query: DashboardQuery) => unwrap(api.admin.dashboard.$get({ query })),
  orders: (query: OrderListQuery) => unwrap(orders.$get({ query })),
  exportLink: (json: ExportFilters) => unwrap(orders['export-link'].$post({ json })),
  order: (id: string) => unwrap(orders[':id'].$get({ param: { id } })),
  history: (id: string) => unwrap(orders[':id'].history.$get({ param: { id } })).then((r) => r.events),
  verify: (id: string) => unwrap(orders[':id'].verify.$post({ param: { id } })),
  markCryptoSent: (id: string, cryptoReference: string) => unwrap(orders[':id']['crypto-sent'].$post({ param: { id }, json: { cryptoReference } })),
  approve: (id: string, json: Completion) => unwrap(orders[':id'].approve.$post({ param: { id }, json })),
  complete: (id: string, json: Completion) => unwrap(orders[':id'].complete.$post({ param: { id }, json })),
  confirmCompletion: ({ id, requestId }: { id: string; requestId: string }) =>
    unwrap(orders[':id']['completion-request'].confirm.$post({ param: { id }, json: { requestId } })),
  declineCompletion: ({ id, requestId, note }: { id: string; requestId: string; note?: string }) =>
    unwrap(orders[':id']['completion-request'].decline.$post({ param: { id }, json: note ? { requestId, note } : { requestId } })),
  reject: ({ id, ...reason }: { id: string } & RejectReason) => unwrap(orders[':id'].reject.$post({ param: { id }, json: reason })),
  bulkReject: ({ ids, ...reason }: { ids: string[] } & RejectReason) => unwrap(orders.bulk.reject.$post({ json: { ids, ...reason } })),
};

export type DashboardQuery = InferRequestType<typeof api.admin.dashboard.$get>['query'];
export type OrderListQuery = InferRequestType<typeof orders.$get>['query'];
export type ExportFilters = InferRequestType<(typeof orders)['export-link']['$post']>['json'];
export type Completion = InferRequestType<(typeof orders)[':id']['complete']['$post']>['json'];

export type Dashboard = Awaited<ReturnType<typeof adminApi.dashboard>>;
export type AdminOrder = Awaited<ReturnType<typeof adminApi.order>>;
export type HistoryEvent = Awaited<ReturnType<typeof adminApi.history>>[number];
export type BulkRejectAnswer = Awaited<ReturnType<typeof adminApi.bulkReject>>;

/** Everything under 'admin' is refreshed after a command: the order, the lists and the dashboard counts. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: (query: DashboardQuery) => ['admin', 'dashboard', query] as const,
  orders: (query: OrderListQuery) => ['admin', 'orders', query] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  history: (id: string) => ['admin', 'order', id, 'history'] as const,
};
