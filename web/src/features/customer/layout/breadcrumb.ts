import type { TextKey } from '../../../i18n/use-t';

const ID_LIKE = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i;

/** Each page's name by the last segment of its path (both path sets of seed-spec section 2). */
const PAGES: Record<string, TextKey> = {
  dashboard: 'customer.crumb.dashboard',
  orders: 'customer.crumb.orders',
  'add-order': 'customer.crumb.addOrder',
  wallets: 'customer.crumb.wallets',
  'bank-accounts': 'customer.crumb.banks',
  sessions: 'customer.crumb.sessions',
  notifications: 'customer.crumb.notifications',
};

/** The page name's key from the last path segment: "bank-accounts" -> Bank Accounts; an order id reads Order Details. */
export function breadcrumbLabel(pathname: string): TextKey {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? 'dashboard';
  if (ID_LIKE.test(last)) return 'customer.crumb.order';
  return PAGES[last] ?? 'customer.crumb.dashboard';
}
