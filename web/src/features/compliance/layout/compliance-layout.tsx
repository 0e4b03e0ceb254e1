import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { useBrand } from '../../../lib/public-config';
import { homeFor, isCompliance, useLogOut, type CurrentUser } from '../../../lib/session';
import { RequireUser } from '../../../components/require-user';
import { ComplianceSidebar } from './compliance-sidebar';
import { ComplianceHeader } from './compliance-header';
// The shell the signed-in areas share (sidebar, top bar, loading screen, detail lists); compliance.css adds this area's screens.
import '../../../components/shell.css';
import '../compliance.css';

const NAV_ID = 'compliance-nav';

/**
 * The compliance area's frame. No token goes to /login (RequireUser); a signed-in user without the
 * compliance role is told so, since the server refuses every compliance call to them (403).
 */
export function ComplianceLayout() {
  // Asked for here, so the brand's colour and title apply while the user still loads.
  const brand = useBrand();
  return <RequireUser>{(user) => (isCompliance(user) ? <ComplianceShell user={user} brand={brand} /> : <AccessDenied user={user} />)}</RequireUser>;
}

function AccessDenied({ user }: { user: CurrentUser }) {
  const logOut = useLogOut();
  return (
    <main className="center-screen">
      <div role="alert" className="card error-card stack">
        <h1>Access denied</h1>
        <p>The compliance area is for compliance staff. Your account does not hold the compliance role.</p>
      </div>
      <div className="row">
        <Link className="btn" to={homeFor(user)}>
          Go to your dashboard
        </Link>
        <button type="button" className="btn secondary" onClick={logOut}>
          Sign in as someone else
        </button>
      </div>
    </main>
  );
}

function ComplianceShell({ user, brand }: { user: CurrentUser; brand: ReturnType<typeof useBrand> }) {
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  const closeNav = () => setNavOpen(false);
  // The same scope rule as admins (complianceScopeOf): the operator's own tenant reads every brand.
  const scope = user.tenantId === DEFAULT_TENANT_ID ? 'All brands' : `Brand: ${brand.name}`;
  return (
    <div className="compliance-shell">
      <a className="skip-link" href="#compliance-main">
        Skip to content
      </a>
      <ComplianceSidebar id={NAV_ID} brand={brand} pathname={pathname} open={navOpen} onClose={closeNav} />
      {navOpen && <div className="nav-scrim" aria-hidden="true" onClick={closeNav} />}
      <div className="compliance-main">
        <ComplianceHeader navId={NAV_ID} navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} scope={scope} />
        <main id="compliance-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
