import type { DeskLink } from '../../../components/desk-shell/desk-sidebar';
import { PendingCount } from '../changes/pending-count';

const LINKS: readonly (DeskLink & { operatorOnly?: boolean })[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reconciliation', label: 'Reconciliation' },
  { to: '/admin/books', label: 'Books' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/admin/changes', label: 'Pending changes', operatorOnly: true, extra: <PendingCount /> },
  { to: '/admin/settings', label: 'Settings', operatorOnly: true },
  { to: '/admin/tenants', label: 'Tenants', operatorOnly: true },
  { to: '/admin/projections', label: 'Projections', operatorOnly: true },
  { to: '/admin/sessions', label: 'Sessions' },
];

/** The admin menu: operator admins see every entry; brand admins not the operator's own (operatorOnly). */
export const adminLinks = (operator: boolean): DeskLink[] => LINKS.filter((link) => operator || !link.operatorOnly);
