import type { DeskLink } from '../../../components/desk-shell/desk-sidebar';

// Orders covers the list (/compliance) and every order's timeline (/compliance/orders/<id>), not the other screens.
const ordersActive = (pathname: string) => pathname === '/compliance' || pathname === '/compliance/' || pathname.startsWith('/compliance/orders');

/** The compliance menu: every officer reads every screen (scope narrows what they list). */
export const COMPLIANCE_LINKS: readonly DeskLink[] = [
  { to: '/compliance', label: 'Orders', isActive: ordersActive },
  { to: '/compliance/events', label: 'Event Log' },
  { to: '/compliance/access', label: 'Access Trail' },
  { to: '/compliance/exports', label: 'Exports' },
  { to: '/compliance/changes', label: 'Desk changes' },
  { to: '/compliance/books', label: 'Books' },
  { to: '/compliance/sessions', label: 'Sessions' },
];
