import { declineChangeSchema } from '../../desk-changes/desk-changes.routes';
import type { RouteDoc } from './route-doc';

/** Changes to the desk's rules waiting for a second admin (decision 0030; docs/desk-changes.md). */
export const deskChangeRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/changes',
    tag: 'admin: desk changes',
    access: 'operator',
    summary: 'Changes to the desk rules: every one waiting (oldest first), then the 50 last ended; `waitingForYou` counts those you may confirm',
  },
  {
    method: 'get',
    path: '/admin/changes/:id',
    tag: 'admin: desk changes',
    access: 'operator',
    summary: 'One change: what it changes, why it waits, who asked',
  },
  {
    method: 'post',
    path: '/admin/changes/:id/confirm',
    tag: 'admin: desk changes',
    access: 'operator',
    summary:
      'Confirm as a second admin: it takes effect now (403 four_eyes for its requester, from any account of their phone; 409 change_stale when what it replaces moved since)',
  },
  {
    method: 'post',
    path: '/admin/changes/:id/decline',
    tag: 'admin: desk changes',
    access: 'operator',
    summary: "Decline another admin's change, with a note; it never takes effect (403 about_you for the admin a roles change is about)",
    body: declineChangeSchema,
  },
  { method: 'post', path: '/admin/changes/:id/withdraw', tag: 'admin: desk changes', access: 'operator', summary: 'Withdraw your own request' },
  {
    method: 'get',
    path: '/compliance/changes',
    tag: 'compliance',
    access: 'compliance',
    summary: "Changes to the desk rules, waiting and recent (the operator's officers; 403 for a brand's)",
  },
  { method: 'get', path: '/compliance/changes/:id', tag: 'compliance', access: 'compliance', summary: 'One change to the desk rules' },
];
