import type { BrandKey, SweepWorld } from './axe-world';

/** Who a page is read as: each has its own browser context (its own session). */
export type Reader = 'visitor' | 'customer' | 'admin' | 'officer';

export interface SweepPage {
  area: 'public' | 'customer' | 'admin' | 'compliance';
  reader: Reader;
  path: string;
  /** A main screen's name, for the screenshots in docs (`npm run screenshots`); others are only read. */
  main?: string;
}

/** The main screens, by path pattern (ids as `:id`), and the names their screenshots take. */
const MAIN_SCREENS: Readonly<Record<string, string>> = {
  '/': 'landing',
  '/login': 'login',
  '/dashboard': 'customer-dashboard',
  '/dashboard/orders': 'customer-orders',
  '/dashboard/orders/:buy': 'customer-order',
  '/dashboard/wallets': 'customer-wallets',
  '/dashboard/bank-accounts': 'customer-bank-accounts',
  '/add-order': 'customer-add-order',
  '/admin/dashboard': 'admin-dashboard',
  '/admin/orders': 'admin-orders',
  '/admin/orders/:buy': 'admin-order',
  '/admin/users': 'admin-users',
  '/admin/settings': 'admin-settings',
  '/admin/tenants': 'admin-tenants',
  '/admin/reconciliation': 'admin-reconciliation',
  '/admin/reconciliation/unmatched': 'admin-unmatched-money',
  '/admin/books': 'admin-books',
  '/compliance': 'compliance-orders',
  '/compliance/orders/:buy': 'compliance-timeline',
  '/compliance/events': 'compliance-events',
  '/compliance/exports': 'compliance-exports',
};

/** Names the page if it is a main screen: the first buy order's page stands for the order pages. */
const named = (page: SweepPage, buy: string): SweepPage => {
  const main = MAIN_SCREENS[page.path.replace(buy, ':buy')];
  return main ? { ...page, main } : page;
};

const PUBLIC: SweepPage[] = ['/', '/login', '/register', '/forgot-password'].map((path) => ({ area: 'public', reader: 'visitor', path }));

/** The customer area's screens (customer-routes.tsx; /orders, /wallets… are the same screens under a second path). */
function customerPages(buy: string, sell: string): SweepPage[] {
  const paths = [
    '/dashboard',
    '/dashboard/orders',
    `/dashboard/orders/${buy}`,
    `/dashboard/orders/${sell}`,
    '/dashboard/wallets',
    '/dashboard/bank-accounts',
    '/dashboard/sessions',
    '/add-order',
    '/no-such-page',
  ];
  return paths.map((path) => ({ area: 'customer', reader: 'customer', path }));
}

const admin = (path: string): SweepPage => ({ area: 'admin', reader: 'admin', path: `/admin/${path}` });

/**
 * Every main page of web/src/app/router.tsx and the areas' route files, read in the operator's
 * default theme: the public pages, the customer's, every admin screen as the operator's admin, and
 * the compliance area as its officer.
 */
export function operatorPages({ ids }: SweepWorld): SweepPage[] {
  const pages: SweepPage[] = [
    ...PUBLIC,
    ...customerPages(ids.buy, ids.sell),
    ...[
      'dashboard',
      'orders',
      `orders/${ids.buy}`,
      `orders/${ids.sell}`,
      `orders/${ids.asked}`,
      'users',
      'settings',
      'tenants',
      `tenants/${ids.tenant}`,
      `tenants/${ids.tenant}/edit`,
      'add-bank-account',
      'add-crypto-wallet',
      'projections',
      'changes',
      `changes/${ids.pendingChange}`,
      'reconciliation',
      `reconciliation/${ids.bankAccount}`,
      'reconciliation/unmatched',
      'reconciliation/orders-without-money',
      'books',
      'webhooks',
      'sessions',
    ].map(admin),
    ...['', `/orders/${ids.buy}`, '/events', '/access', '/exports', '/changes', `/changes/${ids.pendingChange}`, '/books', '/sessions'].map(
      (path): SweepPage => ({ area: 'compliance', reader: 'officer', path: `/compliance${path}` }),
    ),
  ];
  return pages.map((page) => named(page, ids.buy));
}

/** What reads in Hindi as well as English (issue 29): the public pages and the customer's. */
export function hindiPages({ ids }: SweepWorld): SweepPage[] {
  return [...PUBLIC, ...customerPages(ids.buy, ids.sell)].map((page) => named(page, ids.buy));
}

/**
 * A brand's pages on its own host, in its colours: the public pages, its customer's, and what its
 * admin sees (the brand admin's navigation: no settings, brands, projections or desk changes).
 */
export function brandPages({ ids }: SweepWorld, brand: BrandKey): SweepPage[] {
  const pages: SweepPage[] = [
    ...PUBLIC,
    ...customerPages(ids.brandBuy[brand], ids.brandSell[brand]),
    ...['dashboard', 'orders', `orders/${ids.brandBuy[brand]}`, `orders/${ids.brandSell[brand]}`, 'users', 'reconciliation', 'books', 'sessions'].map(admin),
  ];
  return pages.map((page) => named(page, ids.brandBuy[brand]));
}
