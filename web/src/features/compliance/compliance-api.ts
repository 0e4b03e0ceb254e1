import type { InferResponseType } from 'hono/client';
import { callApi, type api } from '../../lib/api';

/**
 * The compliance calls of docs/compliance.md. Their answers are typed from the server's own route
 * declarations (Hono RPC), so a field the server renames breaks the build here, not a screen.
 */
type Routes = typeof api.compliance;
type Ok<Call extends (...args: never[]) => unknown> = InferResponseType<Call, 200 | 201>;

export interface OrderSearch {
  search?: string;
  status?: string;
  tenantId?: string;
  /** ISO 8601 with an offset; none is now. */
  asOf?: string;
  page?: string;
  limit?: string;
}

export interface EventSearch {
  actorId?: string;
  ip?: string;
  type?: string;
  stream?: string;
  from?: string;
  to?: string;
  tenantId?: string;
  before?: string;
  limit?: string;
}

export type AccessSearch = Pick<EventSearch, 'actorId' | 'from' | 'to' | 'before' | 'limit'>;

export type OrderPage = Ok<Routes['orders']['$get']>;
export type ComplianceOrder = OrderPage['orders'][number];
export type OrderAsOf = Ok<Routes['orders'][':id']['$get']>;
export type Replay = Ok<Routes['orders'][':id']['replay']['$get']>;
export type ReplayStep = Replay['steps'][number];
export type Actor = ReplayStep['actor'];
export type Change = ReplayStep['changes'][number];
export type EventPage = Ok<Routes['events']['$get']>;
export type LoggedEvent = EventPage['events'][number];
export type ExportLink = Ok<Routes['exports']['$post']>;
export type SigningKey = Ok<Routes['signing-key']['$get']>;
export type BrandList = Ok<Routes['brands']['$get']>;
export type Brand = BrandList['brands'][number];

export type ExportRequest = { orderIds: string[] } | { from: string; to: string; tenantId?: string };

const BASE = '/api/compliance';

export const complianceApi = {
  orders: (query: OrderSearch) => callApi<OrderPage>('GET', `${BASE}/orders`, { query: { ...query } }),
  orderAsOf: (id: string, asOf: string) => callApi<OrderAsOf>('GET', `${BASE}/orders/${encodeURIComponent(id)}`, { query: { asOf } }),
  replay: (id: string) => callApi<Replay>('GET', `${BASE}/orders/${encodeURIComponent(id)}/replay`),
  events: (query: EventSearch) => callApi<EventPage>('GET', `${BASE}/events`, { query: { ...query } }),
  access: (query: AccessSearch) => callApi<EventPage>('GET', `${BASE}/access`, { query: { ...query } }),
  createExport: (json: ExportRequest) => callApi<ExportLink>('POST', `${BASE}/exports`, { json }),
  signingKey: () => callApi<SigningKey>('GET', `${BASE}/signing-key`),
  brands: () => callApi<BrandList>('GET', `${BASE}/brands`),
};

export const complianceKeys = {
  orders: (query: OrderSearch) => ['compliance', 'orders', query] as const,
  orderAsOf: (id: string, asOf: string) => ['compliance', 'order', id, asOf] as const,
  replay: (id: string) => ['compliance', 'order', id, 'replay'] as const,
  events: (query: EventSearch) => ['compliance', 'events', query] as const,
  access: (query: AccessSearch) => ['compliance', 'access', query] as const,
  signingKey: ['compliance', 'signing-key'] as const,
  brands: ['compliance', 'brands'] as const,
};
