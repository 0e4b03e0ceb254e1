import type { InferResponseType } from 'hono/client';
import { callApi, type api } from '../../lib/api';

/**
 * The compliance calls of docs/compliance.md. Their answers are typed here from that contract; the
 * order inside them is the admin order JSON, typed from the server's own route.
 */

export type ComplianceOrder = InferResponseType<(typeof api.admin.orders)[':id']['$get'], 200>;

export interface OrderSearch {
  search?: string;
  status?: string;
  tenantId?: string;
  /** ISO 8601 with an offset; none is now. */
  asOf?: string;
  page?: string;
  limit?: string;
}

export interface OrderPage {
  orders: ComplianceOrder[];
  total: number;
  page: number;
  limit: number;
  asOf: string | null;
}

export interface OrderAsOf {
  order: ComplianceOrder;
  asOf: string;
  eventCount: number;
  lastEventAt: string | null;
}

export interface Actor {
  /** Null (with the username "Operator") when the operator's staff acted and a brand's officer reads. */
  id: string | null;
  role: string | null;
  phone?: string | null;
  username?: string | null;
}

export interface Change {
  path: string;
  from: unknown;
  to: unknown;
}

export interface ReplayStep {
  index: number;
  streamPosition: number;
  eventId: string;
  type: string;
  recordedAt: string;
  acceptedAt: string | null;
  actor: Actor;
  ip: string | null;
  /** The browser as the client reported it. */
  userAgent: string | null;
  /** The request id the client sent, as it reported it (absent on older events). */
  clientRequestId?: string | null;
  correlationId: string | null;
  causationId: string | null;
  data: unknown;
  hash: string;
  previousHash: string | null;
  /** The order after this event; null when the machine refused the stored event (see foldError). */
  state: Record<string, unknown> | null;
  changes: Change[];
  /** Why the order machine refused this stored event (a tampered log, or a changed machine). */
  foldError?: string | null;
}

export interface Replay {
  orderId: string;
  refCode: string | null;
  tenantId: string;
  /** `brokenAt` is the index of the first step whose hash does not follow; `reason` says how. */
  chain: { intact: boolean; brokenAt: number | null; reason?: string | null };
  steps: ReplayStep[];
}

export interface LoggedEvent {
  position: string | number;
  streamId: string;
  streamPosition: number;
  eventId: string;
  type: string;
  recordedAt: string;
  tenantId: string | null;
  actor: Actor;
  ip: string | null;
  /** The browser as the client reported it. */
  userAgent: string | null;
  clientRequestId?: string | null;
  correlationId: string | null;
  acceptedAt: string | null;
  data: unknown;
}

export interface EventPage {
  events: LoggedEvent[];
  nextBefore: string | null;
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

export type ExportRequest = { orderIds: string[] } | { from: string; to: string; tenantId?: string };

export interface ExportLink {
  url: string;
  expiresAt: string;
  eventCount: number;
  streamCount: number;
}

export interface Brand {
  _id: string;
  name: string;
}

export interface BrandList {
  brands: Brand[];
}

export interface SigningKey {
  algorithm: string;
  publicKeyPem: string;
  fingerprint: string;
}

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

/**
 * The interfaces above are the contract of docs/compliance.md; the server's routes (Hono RPC) must
 * answer what they say, or the web build breaks here rather than on a screen.
 */
type Answers<Server extends Contract, Contract> = Server;
type Routes = typeof api.compliance;
type Answer<Call extends (...args: never[]) => unknown> = InferResponseType<Call, 200 | 201>;
export type ContractHolds = [
  Answers<Answer<Routes['orders']['$get']>, OrderPage>,
  Answers<Answer<Routes['orders'][':id']['$get']>, OrderAsOf>,
  Answers<Answer<Routes['orders'][':id']['replay']['$get']>, Replay>,
  Answers<Answer<Routes['events']['$get']>, EventPage>,
  Answers<Answer<Routes['access']['$get']>, EventPage>,
  Answers<Answer<Routes['exports']['$post']>, ExportLink>,
  Answers<Answer<Routes['signing-key']['$get']>, SigningKey>,
  Answers<Answer<Routes['brands']['$get']>, BrandList>,
];
