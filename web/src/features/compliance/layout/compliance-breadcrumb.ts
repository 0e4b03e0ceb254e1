import type { Crumb } from '../../../components/breadcrumb';
import { deskBreadcrumb } from '../../../components/desk-shell/desk-breadcrumb';

const LABELS: Record<string, string> = {
  orders: 'Orders',
  events: 'Event Log',
  access: 'Access Trail',
  exports: 'Exports',
  changes: 'Desk changes',
  books: 'Books',
  sessions: 'Sessions',
};
/** What the segment after a list names: one order's timeline, one change. */
const ONE_OF: Record<string, string> = { orders: 'Order Timeline', changes: 'Change' };

/**
 * "/compliance/orders/<id>" -> Compliance › Orders › Order Timeline, each crumb linking to its own path;
 * the orders list is the area's front page, so /compliance/orders leads there.
 */
export const complianceBreadcrumb = (pathname: string): Crumb[] =>
  deskBreadcrumb(pathname, { root: { label: 'Compliance', to: '/compliance' }, labels: LABELS, records: ONE_OF });
