import type { ComplianceDeskChange } from './desk-changes-api';

/** Test data for the desk-changes screens; used by the tests only. */

/** A change to the desk's rules as the compliance API describes it: turning four eyes off, asked by meera, waiting, unless told. */
export function complianceDeskChange(overrides: Partial<ComplianceDeskChange> = {}): ComplianceDeskChange {
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
