import type { DeskChange } from './changes-api';

/** Test data for the pending-changes screens; used by the tests only. */

/** A change to the desk's rules as the API describes it: turning four eyes off, asked by another admin (meera) unless told. */
export function deskChange(overrides: Partial<DeskChange> = {}): DeskChange {
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

/** What a save answers when its change waits for a second admin (202). */
export const waitingAnswer = (change: DeskChange = deskChange({ requestedBy: { _id: 'admin-1', phone: '+919900000009', username: 'ops' } })) => ({
  status: 202,
  body: { pendingConfirmation: true, change, message: 'Waiting for a second admin: this change needs a different admin to confirm it before it takes effect' },
});
