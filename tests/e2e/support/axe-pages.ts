import type { BrandKey, SweepWorld } from './axe-world';

/** Who a page is read as: each has its own browser context (its own session). */
export type Reader = 'visitor' | 'customer' | 'admin' | 'officer';

export interface SweepPage {
  area: 'public' | 'customer' | 'admin' | 'compliance';
  reader: Reader;
  path: string;
}

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
  return [
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
      'sessions',
    ].map(admin),
    ...['', `/orders/${ids.buy}`, '/events', '/access', '/exports', '/changes', `/changes/${ids.pendingChange}`, '/books', '/sessions'].map(
      (path): SweepPage => ({ area: 'compliance', reader: 'officer', path: `/compliance${path}` }),
    ),
  ];
}

/** What reads in Hindi as well as English (issue 29): the public pages and the customer's. */
export function hindiPages({ ids }: SweepWorld): SweepPage[] {
  return [...PUBLIC, ...customerPages(ids.buy, ids.sell)];
}

/**
 * A brand's pages on its own host, in its colours: the public pages, its customer's, and what its
 * admin sees (the brand admin's navigation: no settings, brands, projections or desk changes).
 */
export function brandPages({ ids }: SweepWorld, brand: BrandKey): SweepPage[] {
  return [
    ...PUBLIC,
    ...customerPages(ids.brandBuy[brand], ids.brandSell[brand]),
    ...['dashboard', 'orders', `orders/${ids.brandBuy[brand]}`, `orders/${ids.brandSell[brand]}`, 'users', 'reconciliation', 'books', 'sessions'].map(admin),
  ];
}
