import type { DeskChange } from './changes-api';
import { brandChange, deskChange } from '../../../test/desk-change';

/** Test data for the pending-changes screens; used by the tests only. */

export { brandChange, deskChange };

/** What a save answers when its change waits for a second admin (202). */
export const waitingAnswer = (change: DeskChange = deskChange({ requestedBy: { _id: 'admin-1', phone: '+919900000009', username: 'ops' } })) => ({
  status: 202,
  body: { pendingConfirmation: true, change, message: 'Waiting for a second admin: this change needs a different admin to confirm it before it takes effect' },
});
