import type { Crumb } from '../../../components/breadcrumb';
import { deskBreadcrumb } from '../../../components/desk-shell/desk-breadcrumb';

const LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  orders: 'Orders',
  users: 'Users',
  settings: 'Settings',
  tenants: 'Tenants',
  projections: 'Projections',
  changes: 'Pending changes',
  sessions: 'Sessions',
  reconciliation: 'Reconciliation',
  books: 'Books',
  webhooks: 'Webhooks',
  unmatched: 'Unmatched money',
  'orders-without-money': 'Orders without money',
  edit: 'Edit',
  'add-bank-account': 'Add Bank Account',
  'add-crypto-wallet': 'Add Crypto Wallet',
};

// An id segment names one record of the list before it.
const RECORD_LABELS: Record<string, string> = {
  orders: 'Order Details',
  tenants: 'Tenant Details',
  changes: 'Change Request',
  reconciliation: 'Bank Account',
  webhooks: 'Delivery log',
};

/** "/admin/orders/<id>" -> Admin › Orders › Order Details, each crumb linking to its own path. */
export const adminBreadcrumb = (pathname: string): Crumb[] =>
  deskBreadcrumb(pathname, { root: { label: 'Admin', to: '/admin/dashboard' }, labels: LABELS, records: RECORD_LABELS });
