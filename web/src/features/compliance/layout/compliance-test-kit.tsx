import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ME, order } from '../../../test/fixtures';
import { PUBLIC_CONFIG, renderRoutes, type FakeApi } from '../../../test/render';
import type { ComplianceOrder, ReplayStep } from '../compliance-api';
import { ComplianceLayout } from './compliance-layout';
import { ComplianceOrdersPage } from '../orders/compliance-orders-page';
import { OrderTimelinePage } from '../timeline/order-timeline-page';
import { EventLogPage } from '../events/event-log-page';
import { AccessTrailPage } from '../events/access-trail-page';
import { ExportsPage } from '../exports/exports-page';
import { DeskChangesPage } from '../changes/desk-changes-page';
import { DeskChangePage } from '../changes/desk-change-page';

/** Test data and a way to render the compliance screens against a fake API; used by the tests only. */

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A compliance officer on the operator's own tenant: reads every brand. */
export const OFFICER_ME = {
  ...ME,
  _id: 'officer-1',
  username: 'auditor',
  phone: '+919900000007',
  roles: ['compliance'],
  tenantId: 'default',
  adminScope: null,
};

let sequence = 500;

/** An order as the compliance calls return it (the admin order JSON), of Alpha Desk unless told. */
export function complianceOrder({ brand = { _id: 't-1', name: 'Alpha Desk' }, ...overrides }: Partial<ComplianceOrder> = {}): ComplianceOrder {
  const _id = overrides._id ?? `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
  return { ...order({ _id, refCode: `ORD-${_id.slice(-4)}`, ...overrides }), brand } as ComplianceOrder;
}

/** One step of a replay: an event with who, when and where, the order after it and what changed. */
export function step(
  index: number,
  type: string,
  state: Record<string, unknown>,
  changes: ReplayStep['changes'],
  overrides: Partial<ReplayStep> = {},
): ReplayStep {
  return {
    index,
    streamPosition: index,
    eventId: `event-${index}`,
    type,
    recordedAt: `2025-01-15T10:0${index}:00.010Z`,
    acceptedAt: `2025-01-15T10:0${index}:00.000Z`,
    actor: { id: 'user-1', role: 'customer', phone: '+919800000001', username: 'asha' },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Android)',
    correlationId: `corr-${index}`,
    clientRequestId: null,
    causationId: null,
    data: {},
    hash: `hash-${index}`,
    previousHash: index === 0 ? null : `hash-${index - 1}`,
    // A few fields of the order stand for all of them here: what the screen shows of them is what is tested.
    state: state as ReplayStep['state'],
    changes,
    foldError: null,
    ...overrides,
  };
}

/** The brands the officer reads, by name, as GET /api/compliance/brands answers. */
export const BRANDS = [
  { _id: 't-1', name: 'Alpha Desk' },
  { _id: 't-2', name: 'Beta Desk' },
  { _id: 'default', name: 'Operator Desk' },
];

export const emptyOrders = { orders: [], total: 0, page: 1, limit: 20, asOf: null };

const BASE_API: FakeApi = {
  'GET /api/config/public': PUBLIC_CONFIG,
  'GET /api/auth/me': OFFICER_ME,
  'GET /api/compliance/orders': emptyOrders,
  'GET /api/compliance/events': { events: [], nextBefore: null },
  'GET /api/compliance/access': { events: [], nextBefore: null },
  'GET /api/compliance/changes': { changes: [] },
  'GET /api/compliance/brands': { brands: BRANDS },
  'GET /api/compliance/signing-key': {
    algorithm: 'ed25519',
    publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCow\n-----END PUBLIC KEY-----',
    fingerprint: 'sha256:ab12cd',
  },
};

/** Signs in (a token in storage) as the compliance officer unless told, answers from BASE_API plus `table`, opens `path`. */
export function renderCompliance(path: string, table: FakeApi = {}, { signedIn = true }: { signedIn?: boolean } = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/dashboard', element: <h1>Customer dashboard</h1> },
      {
        path: '/compliance',
        element: <ComplianceLayout />,
        children: [
          { index: true, element: <ComplianceOrdersPage /> },
          { path: 'orders/:id', element: <OrderTimelinePage /> },
          { path: 'events', element: <EventLogPage /> },
          { path: 'access', element: <AccessTrailPage /> },
          { path: 'exports', element: <ExportsPage /> },
          { path: 'changes', element: <DeskChangesPage /> },
          { path: 'changes/:id', element: <DeskChangePage /> },
        ],
      },
    ],
    path,
    { ...BASE_API, ...table },
    { signedIn },
  );
}

export { lastQuery } from '../../../test/fixtures';
