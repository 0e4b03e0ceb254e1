import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useBrand } from '../../../lib/public-config';
import { isAdmin } from '../../../lib/session';
import { RequireUser } from '../../customer/layout/require-user';
import { AdminSidebar } from './admin-sidebar';
import { AdminHeader } from './admin-header';
// The customer sheet styles what the admin area shares with it: the drawer sidebar, the top bar,
// the loading screen, small buttons (Copy) and detail lists. admin.css adds the admin screens.
import '../../customer/customer.css';
import '../admin.css';

const NAV_ID = 'admin-nav';

/**
 * The admin area's frame: sidebar, header and the current admin page. No token goes to /login
 * (RequireUser); a signed-in customer is sent to their own dashboard, as the server would refuse
 * every admin call anyway.
 */
export function AdminLayout() {
  const brand = useBrand();
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  return (
    <RequireUser>
      {(user) =>
        !isAdmin(user) ? (
          <Navigate to="/dashboard" replace />
        ) : (
          <div className="admin-shell">
            <a className="skip-link" href="#admin-main">
              Skip to content
            </a>
            <AdminSidebar id={NAV_ID} brand={brand} open={navOpen} onClose={closeNav} />
            {navOpen && <div className="nav-scrim" aria-hidden="true" onClick={closeNav} />}
            <div className="admin-main">
              <AdminHeader navId={NAV_ID} navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} />
              <main id="admin-main" tabIndex={-1}>
                <Outlet />
              </main>
            </div>
          </div>
        )
      }
    </RequireUser>
  );
}
