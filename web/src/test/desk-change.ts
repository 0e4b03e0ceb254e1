import type { InferResponseType } from 'hono/client';
import type { api } from '../lib/api';

/** A change to the desk's rules as the API describes it (the admin's and the compliance officer's routes answer the same shape). */
export type DeskChangeFixture = InferResponseType<(typeof api.admin.changes)[':id']['$get'], 200>['change'];

/**
 * Test data for the pending-changes screens (admin) and the desk-changes screens (compliance); used
 * by the tests only: turning four eyes off, asked by another admin (meera), waiting, unless told.
 */
export function deskChange(overrides: Partial<DeskChangeFixture> = {}): DeskChangeFixture {
  return {
    _id: '00000000-0000-4000-8000-00000000c0de',
    kind: 'global_settings',
    title: 'Global Settings',
    brand: null,
    status: 'pending',
    summary: [{ what: 'Second admin above', before: '₹2,00,000', after: 'off' }],
    reasons: ['It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000'],
    requestedBy: { _id: 'admin-7', phone: '+919900000007', username: 'meera' },
    requestedAt: '2026-11-27T09:00:00.000Z',
    endedBy: null,
    endedAt: null,
    note: null,
    qrImages: [],
    ...overrides,
  };
}

/** The titles the server gives a brand's changes (KIND_TITLES in services' desk-change-json.ts). */
const BRAND_CHANGE_TITLES = { brand_settings: 'Brand settings', brand_accounts: 'Where customers pay' } as const;

/** A change to Alpha Desk's settings or to where its customers pay, titled as the server titles its kind; the rest as `deskChange`. */
export const brandChange = (kind: keyof typeof BRAND_CHANGE_TITLES, overrides: Partial<DeskChangeFixture> = {}) =>
  deskChange({ kind, title: BRAND_CHANGE_TITLES[kind], brand: { _id: 't-1', name: 'Alpha Desk' }, ...overrides });
