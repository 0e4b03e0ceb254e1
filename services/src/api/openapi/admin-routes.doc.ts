import {
  adminListSchema,
  bulkRejectSchema,
  completionSchema,
  confirmCompletionSchema,
  cryptoSentSchema,
  dashboardSchema,
  declineCompletionSchema,
  exportSchema,
  rejectSchema,
} from '../../orders/order.schemas';
import type { RouteDoc } from './route-doc';

/** The admin desk: orders, users and dashboard for every admin (in their scope); the rest for the operator's. */
export const adminRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/dashboard',
    tag: 'admin: orders',
    access: 'admin',
    summary: 'Totals, recent orders and daily figures',
    query: dashboardSchema,
  },
  { method: 'get', path: '/admin/orders', tag: 'admin: orders', access: 'admin', summary: 'Orders, filtered and paged', query: adminListSchema },
  {
    method: 'post',
    path: '/admin/orders/export-link',
    tag: 'admin: orders',
    access: 'admin',
    summary: 'A signed 5-minute link to the CSV export',
    body: exportSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/bulk/reject',
    tag: 'admin: orders',
    access: 'admin',
    summary: 'Reject up to 200 orders, each on its own',
    body: bulkRejectSchema,
  },
  { method: 'get', path: '/admin/orders/:id', tag: 'admin: orders', access: 'admin', summary: 'One order' },
  { method: 'get', path: '/admin/orders/:id/history', tag: 'admin: orders', access: 'admin', summary: "The order's events: who, when, from where" },
  {
    method: 'post',
    path: '/admin/orders/:id/verify',
    tag: 'admin: orders',
    access: 'admin',
    summary: 'Payment seen: pending to fiat_received (buy) or approved (sell)',
  },
  {
    method: 'post',
    path: '/admin/orders/:id/crypto-sent',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      'USDT sent: fiat_received to crypto_sent (409 payout_needs_approval when four eyes holds the payout and no second admin approved it; 409 late_payment_needs_rate on an order paid late with no payout approved since: complete it with a rate; 409 completion_request_pending while a completion request waits for a second admin)',
    body: cryptoSentSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/:id/approve',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      'Approve: to completed; when four eyes holds it, 202 asking a second admin to approve the payout (send no reference: one is 409 payout_needs_approval until approved); 409 completion_request_pending while a request waits (one at a time: withdraw it to ask again)',
    body: completionSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/:id/complete',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      'Complete: to completed; when four eyes holds it, 202 asking a second admin to approve the payout (send no reference: one is 409 payout_needs_approval until approved); 409 completion_request_pending while a request waits (one at a time: withdraw it to ask again)',
    body: completionSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/:id/completion-request/confirm',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      "Four eyes: a different admin (another phone; not the order's customer, nor the admin who made its account: 403 four_eyes) approves the payout on the pending request's terms (PayoutApproved), or completes a request that named its payout",
    body: confirmCompletionSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/:id/completion-request/decline',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      "Four eyes: turn the pending request down, or withdraw your own (the answer's message says which: 'Completion request declined' or 'Completion request withdrawn'); the order stays as it was",
    body: declineCompletionSchema,
  },
  {
    method: 'post',
    path: '/admin/orders/:id/reject',
    tag: 'admin: orders',
    access: 'admin',
    summary:
      'Reject (other fields are ignored); 409 completion_request_pending while a completion request waits for a second admin: the requester withdraws it, or another admin declines it, first',
    body: rejectSchema,
  },
];
