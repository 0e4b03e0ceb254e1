import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useBrand } from '../../../lib/public-config';
import { isAdmin, type CurrentUser } from '../../../lib/session';
import { RequireUser } from '../../../components/require-user';
import { AdminSidebar } from './admin-sidebar';
import { AdminHeader } from './admin-header';
import { isOperatorOnly } from './operator-only';
import { LiveUpdates, type LiveKeys } from '../../../lib/live-updates';
import { adminKeys } from '../admin-api';
// The shell both areas share: the drawer sidebar, the top bar, the loading screen and detail lists.
// admin.css adds the admin screens.
import '../../../components/shell.css';
import '../admin.css';

const NAV_ID = 'admin-nav';

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
  // Asked for here, so the brand's colour and title apply while the user still loads.
  const brand = useBrand();
  const { pathname } = useLocation();
  return (
    <RequireUser>
      {(user) =>
        !isAdmin(user) ? (
          <Navigate to="/dashboard" replace />
        ) : user.adminScope !== 'all_brands' && isOperatorOnly(pathname) ? (
          <Navigate to="/admin/dashboard" replace />
        ) : (
          <AdminShell user={user} brand={brand} />
        )
      }
    </RequireUser>
  );
}

function AdminShell({ user, brand }: { user: CurrentUser; brand: ReturnType<typeof useBrand> }) {
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  const operator = user.adminScope === 'all_brands';
  // A user signs in on their brand's own address (login finds the account in the tenant of the
  // host), so the brand this page is served for is a brand admin's own.
  const scope = operator ? 'All brands' : `Brand: ${brand.name}`;
  return (
    <div className="admin-shell">
      <LiveUpdates keys={LIVE_KEYS} />
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <AdminSidebar id={NAV_ID} brand={brand} operator={operator} open={navOpen} onClose={closeNav} />
      {navOpen && <div className="nav-scrim" aria-hidden="true" onClick={closeNav} />}
      <div className="admin-main">
        <AdminHeader navId={NAV_ID} navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} scope={scope} />
        <main id="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
