import { Link, Navigate, useLocation } from 'react-router';
import { useBrand } from '../../../lib/public-config';
import { isAdmin, type CurrentUser } from '../../../lib/session';
import { RequireUser } from '../../../components/require-user';
import type { Crumb } from '../../../components/breadcrumb';
import { DeskShell } from '../../../components/desk-shell/desk-shell';
import { adminLinks } from './admin-nav';
import { adminBreadcrumb } from './admin-breadcrumb';
import { isOperatorOnly } from './operator-only';
import { LiveUpdates, type LiveKeys } from '../../../lib/live-updates';
import { adminKeys } from '../admin-api';
// The desk shell (components/desk-shell) brings the shared sheet; admin.css adds the admin screens.
import '../admin.css';

/**
 * What the stream keeps fresh: the lists, each order (and its history), the dashboard, and the
 * reconciliation screens (a statement line matched or assigned to an order changes the order).
 */
const LIVE_KEYS: LiveKeys = {
  all: [
    ['admin', 'orders'],
    ['admin', 'order'],
    ['admin', 'reconciliation'],
  ],
  order: (change) => [['admin', 'orders'], adminKeys.order(change.orderId), ['admin', 'reconciliation']],
  dashboard: [['admin', 'dashboard']],
};

/**
 * The admin area's frame: sidebar, header and the current admin page. No token goes to /login
 * (RequireUser); a signed-in customer is sent to their own dashboard, as the server would refuse
 * every admin call anyway, and a brand admin on an operator's screen to the admin dashboard.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const crumbs = adminBreadcrumb(pathname);
  // Asked for here, so the brand's colour and the tab's title (the page, the brand) apply while the user still loads.
  const brand = useBrand(crumbs.at(-1)?.label);
  return (
    <RequireUser>
      {(user) =>
        !isAdmin(user) ? (
          <Navigate to="/dashboard" replace />
        ) : user.adminScope !== 'all_brands' && isOperatorOnly(pathname) ? (
          <Navigate to="/admin/dashboard" replace />
        ) : (
          <AdminShell user={user} brand={brand} crumbs={crumbs} />
        )
      }
    </RequireUser>
  );
}

/** The admin configuration of the desk shell: its menu, breadcrumb, and who the admin runs. */
function AdminShell({ user, brand, crumbs }: { user: CurrentUser; brand: ReturnType<typeof useBrand>; crumbs: Crumb[] }) {
  const operator = user.adminScope === 'all_brands';
  // A user signs in on their brand's own address (login finds the account in the tenant of the
  // host), so the brand this page is served for is a brand admin's own.
  const scope = operator ? 'All brands' : `Brand: ${brand.name}`;
  const headerItems = (
    <>
      <span className="badge admin-scope">{scope}</span>
      <Link className="btn secondary small" to="/">
        User Dashboard
      </Link>
    </>
  );
  return (
    <DeskShell area={{ id: 'admin', name: 'Admin', links: adminLinks(operator), crumbs, headerItems }} brand={brand} user={user}>
      <LiveUpdates keys={LIVE_KEYS} />
    </DeskShell>
  );
}
