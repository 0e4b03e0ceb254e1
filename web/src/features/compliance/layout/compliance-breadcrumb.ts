import type { Crumb } from '../../../components/breadcrumb';

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

/** "/compliance/orders/<id>" -> Compliance › Orders › Order Timeline, each crumb linking to its own path. */
export function complianceBreadcrumb(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).slice(1);
  const crumbs: Crumb[] = [{ label: 'Compliance', to: '/compliance' }];
  segments.forEach((segment, i) => {
    const label = LABELS[segment] ?? ONE_OF[segments[i - 1] ?? ''] ?? segment;
    // The orders list is the area's front page: /compliance/orders leads there.
    crumbs.push({ label, to: `/compliance/${segments.slice(0, i + 1).join('/')}` });
  });
  return crumbs;
}
